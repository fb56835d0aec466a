import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is a const enum, which isolated modules cannot read: Argon2id is 2.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id with OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1): about 80 ms here.
 * @node-rs/argon2 ships a prebuilt binary per platform; hashes are standard PHC strings.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

// Verified against when the user does not exist, so timing does not tell which usernames exist.
let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash, or spends the same time when there is none. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('seyir-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
