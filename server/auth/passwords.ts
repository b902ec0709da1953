import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (OWASP's recommended memory and time costs). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, never a crash.
    return false;
  }
}

/** The hash of an account without a password (made with Google, or deleted): no password ever matches it. */
export const NO_PASSWORD = '!';
