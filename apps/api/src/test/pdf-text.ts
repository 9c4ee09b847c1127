import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

/**
 * The text a PDF reader would copy out of a pdf-lib PDF, line per text-showing operation: each
 * font's ToUnicode CMap maps its glyph ids to text; a font without one (a standard font) is read
 * as single bytes. Small on purpose: it reads the `<hex> Tj` that pdf-lib writes, nothing more.
 */

const streamText = (stream: PDFObject | undefined) =>
  stream instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1') : '';

const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');

type Decoder = (hex: string) => string;

function cmapDecoder(cmap: string): Decoder {
  const glyphs = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, gid, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      glyphs.set(parseInt(gid!, 16), utf16(text!));
    }
  }
  return (hex) => {
    let out = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) out += glyphs.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\u0000';
    return out;
  };
}

const singleBytes: Decoder = (hex) => Buffer.from(hex, 'hex').toString('latin1');

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const decoders = new Map<string, Decoder>();
    const fonts = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [name, ref] of fonts?.entries() ?? []) {
      const font = doc.context.lookup(ref, PDFDict);
      const toUnicode = font.get(PDFName.of('ToUnicode'));
      decoders.set(name.decodeText(), toUnicode ? cmapDecoder(streamText(doc.context.lookup(toUnicode))) : singleBytes);
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const content = streams.map(streamText).join('\n');
    let decode = singleBytes;
    for (const [, font, hex] of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (font) decode = decoders.get(font) ?? singleBytes;
      else lines.push(decode(hex!));
    }
  }
  return lines.join('\n');
}
