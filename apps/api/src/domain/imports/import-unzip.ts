import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { badFile } from './import-sheet.ts';

/** What a workbook may inflate to, all the parts read together: a zip bomb stops here. */
export const XLSX_MAX_INFLATED = 96 * 1024 * 1024;
const MAX_ENTRIES = 2_000;
/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032×. */
const STEP = 4 * 1024;

const zipBomb = () =>
  badFile(`The workbook expands to more than ${XLSX_MAX_INFLATED / 1024 / 1024} MB: it is refused as a zip bomb`);

/**
 * The parts of a zip archive that `wanted` accepts, inflated with a running count: the archive
 * is fed in small steps, and as soon as the inflated bytes pass the cap the import stops, so a
 * small file that claims (or hides) gigabytes never gets them allocated. Declared sizes are
 * checked first, but not trusted: the count is what holds.
 */
export function unzipBounded(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Uint8Array> {
  const parts = new Map<string, Uint8Array[]>();
  let inflated = 0;
  let entries = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file: UnzipFile) => {
    entries += 1;
    if (entries > MAX_ENTRIES) failure ??= badFile('The workbook has too many parts');
    if (failure || !wanted(file.name)) return;
    if ((file.originalSize ?? 0) > XLSX_MAX_INFLATED) {
      failure = zipBomb();
      return;
    }
    const chunks: Uint8Array[] = [];
    parts.set(file.name, chunks);
    file.ondata = (error, chunk) => {
      if (failure) return;
      if (error) {
        failure = badFile('The workbook is damaged: it cannot be unzipped');
        return;
      }
      inflated += chunk.length;
      if (inflated > XLSX_MAX_INFLATED) {
        failure = zipBomb();
        file.terminate();
        return;
      }
      chunks.push(chunk);
    };
    try {
      file.start();
    } catch {
      failure = badFile('The workbook uses a compression the import does not read');
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += STEP) {
      unzip.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
    }
  } catch {
    failure ??= badFile('The workbook is damaged: it cannot be unzipped');
  }
  if (failure) throw failure;
  return new Map([...parts].map(([name, chunks]) => [name, Buffer.concat(chunks)]));
}
