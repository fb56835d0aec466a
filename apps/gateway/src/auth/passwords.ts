import argon2 from 'argon2';

/** argon2id with the library's defaults (m=64 MiB, t=3, p=4), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

// Verified against when the user does not exist, so timing does not tell which usernames exist.
let dummyHash: Promise<string> | undefined;

/** Checks a password against a stored hash, or spends the same time when there is none. */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('seyir-dummy-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
