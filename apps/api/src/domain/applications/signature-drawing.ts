import { PDFDocument } from 'pdf-lib';
import { ProblemError } from '../../lib/problem.ts';

/**
 * A drawn signature arrives as a PNG data URL (docs/decisions/107). Its bytes must be a real PNG
 * of a signature's size: the PNG signature, then a decode by pdf-lib, the library that will draw
 * it into the PDF, so what is accepted here is what the PDF can hold.
 */
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 2000;

const refuse = (message: string) => new ProblemError(400, message, { errors: { drawing: [message] } });

export async function drawingBytes(dataUrl: string | undefined): Promise<Buffer | null> {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw refuse('The drawing must be a PNG image');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE)
    throw refuse('The drawing is too large: clear it and draw again');
  try {
    await (await PDFDocument.create()).embedPng(bytes);
  } catch {
    throw refuse('The drawing could not be read: clear it and draw again');
  }
  return bytes;
}
