import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function passwordMatches(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    // Spend the same time as a real check, so timing does not tell whether the account exists.
    await hash(password, ARGON2ID);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
