import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id (the library default algorithm) with the OWASP minimum: 19 MiB, 2 passes.
 * The parameters are stored in each hash, so verification needs no options.
 */
const PRODUCTION: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Cheap parameters for test fixtures only; verification reads the parameters from the hash. */
export const TEST_HASH_OPTIONS: Options = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function hashPassword(password: string, options: Options = PRODUCTION): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check when the email is unknown, so timing does not reveal it. */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing-0');
  await verifyPassword(await dummyHash, password);
}
