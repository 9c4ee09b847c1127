import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import type { Config } from '../config.ts';
import { makePrivateDir } from '../db/private-files.ts';
import { decryptSecret, encryptSecret } from './crypto.ts';

/**
 * The certificate that signs application PDFs (docs/decisions/107): the operator's own PKCS#12
 * when SIGNING_P12_FILE names one, else the portal's own, made on first start (self-signed RSA
 * 3072, CN = the portal's name) and kept beside secrets.json in DATA_DIR (mode 0600), its
 * PKCS#12 encrypted with the encryption key, as the other secrets are kept.
 */
export type SigningCertificate = {
  p12: Buffer;
  passphrase: string;
  /** The certificate alone (PEM), to tell whether a PDF was signed by the current one. */
  certificatePem: string;
  subject: string;
};

/** In DATA_DIR; the backup takes it (db/backup-signing.ts). */
export const SIGNING_CERTIFICATE_FILE = 'signing-certificate.json';
const FILE = SIGNING_CERTIFICATE_FILE;
const YEARS = 10;

/** `CN=Boardwalk, O=…`: a certificate's subject as one line. */
export function subjectLine(cert: forge.pki.Certificate): string {
  return cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(', ');
}

/** Reads a PKCS#12: its first certificate and whether the key opens with the passphrase. */
export function readP12(p12: Buffer, passphrase: string): SigningCertificate {
  const asn1 = forge.asn1.fromDer(p12.toString('binary'));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, passphrase);
  const certBag = forge.pki.oids.certBag!;
  const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const bags = parsed.getBags({ bagType: certBag })[certBag] ?? [];
  const keys = parsed.getBags({ bagType: keyBag })[keyBag] ?? [];
  const cert = bags[0]?.cert;
  if (!cert || keys.length === 0) throw new Error('The PKCS#12 file must hold a certificate and its private key.');
  return { p12, passphrase, certificatePem: forge.pki.certificateToPem(cert), subject: subjectLine(cert) };
}

/** A new self-signed certificate for `commonName`, as a PKCS#12 with a random passphrase. */
export function makeSigningCertificate(commonName: string, now = new Date()): SigningCertificate {
  // Node makes the key (native, a second at most); forge writes the certificate and the PKCS#12.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = now;
  cert.validity.notAfter = new Date(now.getTime() + YEARS * 365 * 86_400_000);
  const name = [{ name: 'commonName', value: commonName.slice(0, 64) || 'Boardwalk' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const der = forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: 'aes256' })).getBytes();
  return readP12(Buffer.from(der, 'binary'), passphrase);
}

/**
 * The operator's PKCS#12 when configured; else the stored one; else a new one, stored. Called once
 * at start-up (main.ts), so a bad file or password stops the server with its reason.
 */
export function loadOrCreateSigningCertificate(
  config: Pick<Config, 'dataDir' | 'signingP12File' | 'signingP12Password'>,
  encryptionKey: string,
  commonName: string,
): SigningCertificate {
  if (config.signingP12File) {
    return readP12(readFileSync(config.signingP12File), config.signingP12Password ?? '');
  }
  const file = path.join(config.dataDir, FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { p12: string; passphrase: string };
    return readP12(
      Buffer.from(decryptSecret(stored.p12, encryptionKey), 'base64'),
      decryptSecret(stored.passphrase, encryptionKey),
    );
  }
  const made = makeSigningCertificate(commonName);
  makePrivateDir(config.dataDir);
  const sealed = {
    p12: encryptSecret(made.p12.toString('base64'), encryptionKey),
    passphrase: encryptSecret(made.passphrase, encryptionKey),
  };
  writeFileSync(file, JSON.stringify(sealed), { mode: 0o600 });
  return made;
}

/**
 * The certificate the server would sign with now, without making one: for the verify command,
 * which reads the stored one with the encryption key from the environment or secrets.json.
 */
export function currentSigningCertificate(
  config: Pick<Config, 'dataDir' | 'signingP12File' | 'signingP12Password' | 'encryptionKey'>,
): SigningCertificate | null {
  if (config.signingP12File) return readP12(readFileSync(config.signingP12File), config.signingP12Password ?? '');
  const file = path.join(config.dataDir, FILE);
  const secretsFile = path.join(config.dataDir, 'secrets.json');
  const key =
    config.encryptionKey ??
    (existsSync(secretsFile)
      ? (JSON.parse(readFileSync(secretsFile, 'utf8')) as { encryptionKey?: string }).encryptionKey
      : undefined);
  if (!existsSync(file) || !key) return null;
  return loadOrCreateSigningCertificate(config, key, '');
}

let forTests: SigningCertificate | undefined;

/** The app's certificate; a process without one (tests) makes one and keeps it for its life. */
export function signingCertificateOf(secrets: { signing?: SigningCertificate }): SigningCertificate {
  if (secrets.signing) return secrets.signing;
  forTests ??= makeSigningCertificate('Boardwalk test');
  return forTests;
}
