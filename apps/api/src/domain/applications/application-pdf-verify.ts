import { createHash, createVerify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { subjectLine } from '../../lib/signing-certificate.ts';

/**
 * Checks a signed application PDF (docs/decisions/107), as `npm run application:verify` and the
 * API test do: the ByteRange covers the whole file but the signature's own hole, the PKCS#7's
 * signed message digest is the SHA-256 of those bytes, and its signature over the signed
 * attributes verifies with the certificate inside it. A changed byte anywhere in the signed
 * range changes the digest; one inside the hole breaks the PKCS#7 itself.
 */
export type PdfVerification = {
  ok: boolean;
  problems: string[];
  subject: string | null;
  /** The signer certificate is the one given as the portal's current certificate. */
  currentCertificate: boolean;
};

const OID_MESSAGE_DIGEST = forge.pki.oids.messageDigest!;

type Raw = { authenticatedAttributes?: forge.asn1.Asn1[]; signature?: string; digestAlgorithm?: string };

function signedDigest(attributes: forge.asn1.Asn1[]): string | null {
  for (const attribute of attributes) {
    const [oid, values] = attribute.value as forge.asn1.Asn1[];
    if (oid && forge.asn1.derToOid(oid.value as string) === OID_MESSAGE_DIGEST) {
      const inner = (values!.value as forge.asn1.Asn1[])[0]!;
      return Buffer.from(inner.value as string, 'binary').toString('hex');
    }
  }
  return null;
}

export function verifySignedPdf(pdf: Buffer, currentCertificatePem?: string): PdfVerification {
  const fail = (problem: string): PdfVerification => ({
    ok: false,
    problems: [problem],
    subject: null,
    currentCertificate: false,
  });
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  if (ranges.length !== 1) return fail(ranges.length ? 'More than one signature' : 'No signature (no ByteRange)');
  const [a, b, c, d] = ranges[0]!.slice(1).map(Number) as [number, number, number, number];
  if (a !== 0 || c + d !== pdf.length || b >= c) return fail('The ByteRange does not cover the whole file');
  const hole = pdf.subarray(b, c).toString('latin1');
  if (!/^<[0-9a-fA-F]+>$/.test(hole)) return fail('The signature is not where the ByteRange leaves room for it');
  const der = Buffer.from(hole.slice(1, -1).replace(/(00)+$/, ''), 'hex');
  let message: forge.pkcs7.PkcsSignedData & { rawCapture?: Raw };
  try {
    message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der.toString('binary'), false)) as typeof message;
  } catch {
    return fail('The signature is not a readable PKCS#7');
  }
  const raw = message.rawCapture ?? {};
  const cert = message.certificates[0];
  if (!cert || !raw.authenticatedAttributes || !raw.signature)
    return fail('The PKCS#7 has no signer certificate or signed attributes');
  const problems: string[] = [];
  const signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const digest = createHash('sha256').update(signedBytes).digest('hex');
  if (signedDigest(raw.authenticatedAttributes) !== digest)
    problems.push('The file was changed after it was signed (digest mismatch)');
  // The signature is over the signed attributes re-encoded as a SET (tag 0x31), not as the [0] they are stored in.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, raw.authenticatedAttributes);
  const pem = forge.pki.certificateToPem(cert);
  const verifier = createVerify('sha256');
  verifier.update(Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary'));
  if (!verifier.verify(new X509Certificate(pem).publicKey, Buffer.from(raw.signature, 'binary'))) {
    problems.push('The PKCS#7 signature does not verify with its certificate');
  }
  const current =
    currentCertificatePem !== undefined &&
    new X509Certificate(pem).fingerprint256 === new X509Certificate(currentCertificatePem).fingerprint256;
  return { ok: problems.length === 0, problems, subject: subjectLine(cert), currentCertificate: current };
}
