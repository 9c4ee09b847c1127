import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { verifySignedPdf } from '../domain/applications/application-pdf-verify.ts';
import { currentSigningCertificate } from '../lib/signing-certificate.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Usage: npm run application:verify -- <file.pdf>
Checks a signed application PDF (docs/decisions/107): the PKCS#7 signature over its ByteRange,
that the signed digest matches the file, and prints the signer certificate's subject and whether
it is this portal's current certificate (SIGNING_P12_FILE, or the one kept in DATA_DIR).
Exits 1 when anything does not match.`;

/** The verdict as printed, and the exit code: 0 only when the signature holds. */
function verifyReport(pdf: Buffer, currentPem: string | undefined): { lines: string[]; code: number } {
  const result = verifySignedPdf(pdf, currentPem);
  const lines = [
    `Signature: ${result.ok ? 'valid, the file is unchanged since it was signed' : 'NOT VALID'}`,
    ...result.problems.map((p) => `  - ${p}`),
    `Signed by: ${result.subject ?? 'unknown'}`,
    `The portal's current certificate: ${currentPem === undefined ? 'none found here' : result.currentCertificate ? 'yes' : 'no'}`,
  ];
  return { lines, code: result.ok ? 0 : 1 };
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const current = currentSigningCertificate(loadConfig());
  const { lines, code } = verifyReport(readFileSync(positionals[0]!), current?.certificatePem);
  console.log(lines.join('\n'));
  return code;
}

runCli(
  main,
  (error): error is Error => error instanceof ConfigError || (error as NodeJS.ErrnoException)?.code === 'ENOENT',
);
