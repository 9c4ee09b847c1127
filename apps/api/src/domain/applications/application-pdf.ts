import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { SigningCertificate } from '../../lib/signing-certificate.ts';
import { embedUnicodeFonts, type PdfFont } from './pdf-fonts.ts';
import type { SignedContent } from './signing-content.ts';

/**
 * The signed application as a PDF (docs/decisions/107): every answer (sensitive ones masked as
 * the review showed them), each signature (typed name and drawing), and an audit certificate
 * page; then a PKCS#7 detached signature by the portal's certificate over the whole file.
 */

export type PdfSigner = {
  name: string;
  email: string;
  typedName: string;
  drawing: Buffer | null;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
};

export type PdfInput = {
  portalName: string;
  merchantName: string;
  requestId: string;
  content: SignedContent;
  contentHash: string;
  consent: { at: Date; ip: string | null; userAgent: string | null; text: string };
  signers: PdfSigner[];
  now: Date;
};

const MARGIN = 50;
const SIZE = 10;
const LINE = 14;

/** The signature dictionary's name is a PDF literal string (Latin-1): anything else is `?` there. */
const latin1 = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
const words = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

class Writer {
  page!: PDFPage;
  y = 0;
  doc: PDFDocument;
  font: PdfFont;
  bold: PdfFont;
  constructor(doc: PDFDocument, font: PdfFont, bold: PdfFont) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
  }
  newPage() {
    this.page = this.doc.addPage([612, 792]);
    this.y = 792 - MARGIN;
  }
  room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }
  line(text: string, opts: { bold?: boolean; size?: number; indent?: number } = {}) {
    const size = opts.size ?? SIZE;
    const { font, printable } = opts.bold ? this.bold : this.font;
    const width = 612 - 2 * MARGIN - (opts.indent ?? 0);
    // Wrap by words so a long value (a user agent) stays on the page.
    let rest = printable(text);
    do {
      let cut = rest.length;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) {
        const space = rest.lastIndexOf(' ', cut - 1);
        cut = space > 0 ? space : cut - 1;
      }
      this.room(size + 4);
      this.page.drawText(rest.slice(0, cut), { x: MARGIN + (opts.indent ?? 0), y: this.y - size, size, font });
      this.y -= size + 4;
      rest = rest.slice(cut).trimStart();
    } while (rest.length > 0);
  }
  gap(height = LINE / 2) {
    this.y -= height;
  }
}

function writeAnswers(w: Writer, content: SignedContent) {
  const { owners, onFile, ...steps } = content.answers;
  for (const [step, values] of Object.entries(steps)) {
    w.gap();
    w.line(words(step), { bold: true, size: 12 });
    for (const [field, value] of Object.entries(values as Record<string, string | number | boolean | null>)) {
      w.line(`${words(field)}: ${value === null || value === '' ? '—' : String(value)}`, { indent: 10 });
    }
    if (step === 'banking') {
      for (const [field, value] of Object.entries(onFile)) w.line(`${words(field)}: ${value || '—'}`, { indent: 10 });
    }
  }
  w.gap();
  w.line('Owners', { bold: true, size: 12 });
  if (owners.length === 0) w.line('None given', { indent: 10 });
  owners.forEach((o, i) => {
    w.line(`Owner ${i + 1}: ${o.firstName} ${o.lastName}`, { indent: 10, bold: true });
    const share = o.ownershipPercent === null ? '—' : `${o.ownershipPercent} %`;
    for (const [label, value] of [
      ['Title', o.title],
      ['Ownership', share],
      ['Email', o.email],
      ['Phone', o.phone],
      ['SSN', o.ssnOnFile],
      ['Date of birth', o.dateOfBirthOnFile],
    ] as const) {
      w.line(`${label}: ${value || '—'}`, { indent: 20 });
    }
  });
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

/** The PDF with an empty signature field sized for the PKCS#7, not yet signed. */
export async function buildApplicationPdf(input: PdfInput): Promise<Buffer> {
  const doc = await PDFDocument.create();
  // The information dictionary holds text strings (UTF-16): names as typed.
  doc.setTitle(`Application: ${input.merchantName}`);
  doc.setProducer(input.portalName);
  doc.setCreationDate(input.now);
  doc.setModificationDate(input.now);
  const { regular, bold } = await embedUnicodeFonts(doc);
  const w = new Writer(doc, regular, bold);
  w.newPage();
  w.line(`${input.portalName}: merchant application`, { bold: true, size: 16 });
  w.line(input.merchantName, { size: 12 });
  w.line(`Request ${input.requestId}`);
  writeAnswers(w, input.content);

  w.gap(LINE);
  w.line('Signatures', { bold: true, size: 12 });
  for (const s of input.signers) {
    w.room(90);
    w.line(`${s.name} <${s.email}>`, { bold: true });
    w.line(`Signed as "${s.typedName}" on ${stamp(s.signedAt)}`, { indent: 10 });
    if (s.drawing) {
      const image = await doc.embedPng(s.drawing);
      const scale = Math.min(200 / image.width, 60 / image.height, 1);
      w.room(image.height * scale + 6);
      w.page.drawImage(image, {
        x: MARGIN + 10,
        y: w.y - image.height * scale,
        width: image.width * scale,
        height: image.height * scale,
      });
      w.y -= image.height * scale + 6;
    }
    w.page.drawLine({ start: { x: MARGIN + 10, y: w.y }, end: { x: MARGIN + 210, y: w.y }, color: rgb(0.4, 0.4, 0.4) });
    w.gap(LINE);
  }

  w.newPage();
  w.line('Audit certificate', { bold: true, size: 16 });
  w.line(`SHA-256 of the signed content: ${input.contentHash}`);
  w.line(`Made ${stamp(input.now)}; the file is signed with the portal's certificate (PKCS#7 detached).`);
  w.gap();
  w.line('Electronic records consent', { bold: true, size: 12 });
  w.line(input.consent.text, { indent: 10 });
  w.line(`Given ${stamp(input.consent.at)} from ${input.consent.ip ?? 'unknown IP'}`, { indent: 10 });
  w.line(`User agent: ${input.consent.userAgent ?? 'unknown'}`, { indent: 10 });
  for (const s of input.signers) {
    w.gap();
    w.line(s.name, { bold: true, size: 12 });
    for (const line of [
      `Email: ${s.email}`,
      `Typed name: ${s.typedName}${s.drawing ? ' (and a drawn signature)' : ''}`,
      `Signed: ${stamp(s.signedAt)}`,
      `IP: ${s.ip ?? 'unknown'}`,
      `User agent: ${s.userAgent ?? 'unknown'}`,
      `SHA-256 signed: ${input.contentHash}`,
    ]) {
      w.line(line, { indent: 10 });
    }
  }
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Signed merchant application',
    contactInfo: '',
    name: latin1(input.portalName),
    location: '',
    signingTime: input.now,
    signatureLength: 16_384,
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Fills the placeholder with a PKCS#7 detached signature (adbe.pkcs7.detached) over the ByteRange. */
export async function signPdf(pdf: Buffer, certificate: SigningCertificate, now: Date): Promise<Buffer> {
  return new SignPdf().sign(pdf, new P12Signer(certificate.p12, { passphrase: certificate.passphrase }), now);
}
