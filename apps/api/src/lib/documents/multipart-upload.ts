import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { ProblemError } from '../problem.ts';

/**
 * Reads a multipart/form-data body as it streams in (never buffered whole): the one file part
 * named `file` goes to `storeFile` while it arrives, small text fields are collected. Resolves
 * once the body has ended and the file is stored; a refusal from storeFile (too large, wrong
 * type) rejects at once, leaving the rest of the body unread for the server to drain.
 */
export type UploadedPart<R> = { stored: R; fileName: string; declaredType: string };
export type MultipartResult<R> = { file: UploadedPart<R> | null; fields: Record<string, string> };

export type FileInfo = { fileName: string; declaredType: string };

const LIMITS = { files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 20 };

export function readMultipartUpload<R>(
  contentType: string,
  body: Readable,
  storeFile: (stream: Readable, info: FileInfo) => Promise<R>,
): Promise<MultipartResult<R>> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType }, limits: LIMITS, defParamCharset: 'utf8' });
    } catch {
      reject(new ProblemError(400, 'Send the file as multipart/form-data.'));
      return;
    }
    const fields: Record<string, string> = {};
    let filePart: Promise<UploadedPart<R>> | null = null;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop feeding the parser; the server drains (or closes) the rest of the body.
      body.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => {});
      reject(error instanceof Error ? error : new Error(String(error)));
    };

    parser.on('file', (name, stream, info) => {
      stream.on('error', () => {}); // an abandoned part: its refusal was already reported
      if (name !== 'file' || filePart) {
        stream.resume(); // not ours: skipped
        return;
      }
      // Browsers send a `"` in a file name as %22 (HTML's multipart/form-data encoding).
      const fileName = (info.filename ?? '').replaceAll('%22', '"');
      const fileInfo = { fileName, declaredType: info.mimeType ?? '' };
      filePart = storeFile(stream, fileInfo).then((stored) => ({ stored, ...fileInfo }));
      filePart.catch(fail);
    });
    parser.on('field', (name, value, info) => {
      if (!info.valueTruncated) fields[name] = value;
    });
    parser.on('error', () => fail(new ProblemError(400, 'The upload could not be read. Try again.')));
    parser.on('close', () => {
      void (async () => {
        try {
          const file = filePart ? await filePart : null;
          if (settled) return;
          settled = true;
          resolve({ file, fields });
        } catch (error) {
          fail(error);
        }
      })();
    });
    body.on('error', () => fail(new ProblemError(400, 'The upload was interrupted. Try again.')));
    body.pipe(parser);
  });
}
