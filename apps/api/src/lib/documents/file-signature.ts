import type { DocumentMimeType } from '@boardwalk/shared';

/**
 * What a file's first bytes say it is (its "magic"), checked against the type it claims, so that
 * an executable renamed to .pdf is refused. Office files share two containers: OLE2 for the old
 * .doc/.xls/.ppt, ZIP for OOXML (.docx…) and OpenDocument; the container is what is checked.
 */
type Signature = 'pdf' | 'png' | 'jpeg' | 'heif' | 'ole2' | 'zip';

const SIGNATURE_OF: Record<DocumentMimeType, Signature> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/heic': 'heif',
  'image/heif': 'heif',
  'application/msword': 'ole2',
  'application/vnd.ms-excel': 'ole2',
  'application/vnd.ms-powerpoint': 'ole2',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'zip',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'zip',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'zip',
  'application/vnd.oasis.opendocument.text': 'zip',
  'application/vnd.oasis.opendocument.spreadsheet': 'zip',
};

const bytes = (...values: number[]) => Buffer.from(values);
const PREFIXES: [Signature, Buffer][] = [
  ['pdf', Buffer.from('%PDF-', 'latin1')],
  ['png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)],
  ['jpeg', bytes(0xff, 0xd8, 0xff)],
  ['ole2', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)],
  ['zip', bytes(0x50, 0x4b, 0x03, 0x04)],
];

/** ISO-BMFF brands of HEIC/HEIF stills and sequences (ISO/IEC 23008-12). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** How many leading bytes signatureOf needs. */
export const SIGNATURE_BYTES = 12;

export function signatureOf(head: Uint8Array): Signature | null {
  const buf = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  for (const [signature, prefix] of PREFIXES) {
    if (buf.length >= prefix.length && buf.subarray(0, prefix.length).equals(prefix)) return signature;
  }
  // HEIF: a box `size(4) 'ftyp' brand(4)`.
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(buf.toString('latin1', 8, 12))) {
    return 'heif';
  }
  return null;
}

/** True when the leading bytes are those of the claimed type's format. */
export function matchesSignature(mime: DocumentMimeType, head: Uint8Array): boolean {
  return signatureOf(head) === SIGNATURE_OF[mime];
}
