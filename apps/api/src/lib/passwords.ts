/** argon2id password hashing (prebuilt @node-rs/argon2; its defaults take ~10 ms a hash). */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows, verified against when an email is unknown so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hash('decoy-password-that-matches-nothing');
  return decoyHash;
}
