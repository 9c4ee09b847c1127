import { DOCUMENT_EXTENSIONS } from '@boardwalk/shared';

/**
 * A client's file name made safe to keep and to send back in Content-Disposition: the last path
 * part only (`../../etc/passwd` → `passwd`, `C:\x\a.pdf` → `a.pdf`), without control or bidi
 * override characters (which can disguise `fdp.exe` as `exe.pdf`), NFC, at most 200 characters
 * keeping the extension. The name is only ever shown: storage keys never come from it.
 */
const MAX_LENGTH = 200;
// C0/C1 controls, DEL, and the bidi embedding/override/isolate characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function sanitizeFileName(raw: string): string {
  const lastPart = raw.split(/[/\\]/).pop() ?? '';
  let name = lastPart.normalize('NFC').replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  if (name === '.' || name === '..') name = '';
  if (name.length > MAX_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_LENGTH - extension.length) + extension;
  }
  return name === '' ? 'document' : name;
}

/**
 * The name with the extension of the type the file was verified to be (its first bytes matched
 * it), so that what a user saves opens as what it is: `x.html` stored as a PDF is `x.pdf`, `scan`
 * is `scan.pdf`. A name that already ends with one of the type's extensions (`.jpg`, `.jpeg`)
 * keeps it. The name stays within 200 characters.
 */
export function fileNameForType(fileName: string, mimeType: string): string {
  const extensions = Object.entries(DOCUMENT_EXTENSIONS)
    .filter(([, mime]) => mime === mimeType)
    .map(([extension]) => extension);
  const canonical = extensions[0];
  if (!canonical) return fileName;
  const match = /^(.+)\.([a-z0-9]{1,10})$/i.exec(fileName);
  if (match && extensions.includes(match[2]!.toLowerCase())) return fileName;
  const base = (match ? match[1]! : fileName).slice(0, MAX_LENGTH - canonical.length - 1);
  return `${base}.${canonical}`;
}

/**
 * `attachment` or `inline` with the name twice (RFC 6266): an ASCII `filename` for old clients
 * and the exact name as UTF-8 in `filename*` (RFC 8187).
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
