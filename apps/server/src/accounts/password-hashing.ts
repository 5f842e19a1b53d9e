import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum recommendation (19 MiB, 2 passes, 1 lane): 11–19 ms a hash on our
 * machines, off the event loop (the binding runs on libuv's thread pool).
 */
export const ARGON2_OPTIONS = {
  // `Algorithm` is a const enum the binding declares; its value for argon2id is 2.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Passwords are hashed in NFKC form, so the same password typed on two keyboards (a composed `č`
 * or `c` + combining caron) is the same password.
 */
function normalised(password: string): string {
  return password.normalize('NFKC');
}

/** The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) to store. */
export function hashPassword(password: string): Promise<string> {
  return hash(normalised(password), ARGON2_OPTIONS);
}

/** Whether `password` matches `storedHash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, normalised(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when there is no account to check against, so that a
 * wrong e-mail and a wrong password take about as long. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
