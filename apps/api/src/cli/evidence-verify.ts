import { readFileSync } from 'node:fs';
import path from 'node:path';
import { verifyEvidencePack } from '../domain/underwriting/evidence-verify.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Usage: npm run evidence:verify -- <pack.zip>
Checks an underwriting evidence pack: every file against the SHA-256 in its manifest, and the
audit extract's hash chain line by line. Prints the problems found (the chain's first broken
line among them) and exits 1 on any; 0 when the pack is intact.`;

class UsageError extends Error {}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file === '--help' || file === '-h') {
    console.error(USAGE);
    return file ? 0 : 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path.resolve(file));
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const result = verifyEvidencePack(bytes);
  if (result.ok) {
    console.log(`${file}: intact (${result.files} files, ${result.auditLines} audit lines chained).`);
    return 0;
  }
  for (const problem of result.problems) console.error(`${file}: ${problem}`);
  return 1;
}

runCli(main, (error): error is Error => error instanceof UsageError);
