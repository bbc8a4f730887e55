import { type Algorithm, hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's first recommended parameter set: m=19 MiB, t=2, p=1.
const OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum, not importable as a value here)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** A real hash of a random password, so unknown accounts cost the same verification time. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash; with no hash (unknown account, Google-only account)
 * it verifies against a dummy so the answer takes as long either way.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(`dummy-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
