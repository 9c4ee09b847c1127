import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The application PDF's fonts (docs/decisions/114): DejaVu Sans and DejaVu Sans Bold (TrueType,
 * the DejaVu fonts' free licence, from the `dejavu-fonts-ttf` package), embedded as subsets of
 * the glyphs the document uses, so a name in Polish, Turkish, Greek or Cyrillic prints as typed
 * (the standard PDF fonts speak WinAnsi only). A character the font has no glyph for (CJK, most
 * emoji) is printed as U+FFFD, visibly, rather than dropped or failing the signature.
 */

const require = createRequire(import.meta.url);
const REPLACEMENT = '\uFFFD';

type FontFile = { bytes: Uint8Array; has: (codePoint: number) => boolean };
const files = new Map<string, FontFile>();

/** Read and parsed once per process: the files do not change while it runs. */
function fontFile(name: string): FontFile {
  let file = files.get(name);
  if (!file) {
    const bytes = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
    const parsed = fontkit.create(bytes);
    file = { bytes, has: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
    files.set(name, file);
  }
  return file;
}

export type PdfFont = { font: PDFFont; printable: (text: string) => string };

/** `text` with what `has` cannot draw replaced: controls by a space, missing glyphs by U+FFFD. */
export function printableWith(has: (codePoint: number) => boolean, text: string): string {
  let out = '';
  for (const ch of text) {
    const codePoint = ch.codePointAt(0)!;
    if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) out += ' ';
    else out += has(codePoint) ? ch : REPLACEMENT;
  }
  return out;
}

async function embed(doc: PDFDocument, name: string): Promise<PdfFont> {
  const file = fontFile(name);
  const font = await doc.embedFont(file.bytes, { subset: true });
  return { font, printable: (text) => printableWith(file.has, text) };
}

/** Registers fontkit on `doc` and embeds the regular and bold faces. */
export async function embedUnicodeFonts(doc: PDFDocument): Promise<{ regular: PdfFont; bold: PdfFont }> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([embed(doc, 'DejaVuSans.ttf'), embed(doc, 'DejaVuSans-Bold.ttf')]);
  return { regular, bold };
}
