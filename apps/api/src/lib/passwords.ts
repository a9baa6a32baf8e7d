/**
 * argon2id password hashing (prebuilt @node-rs/argon2; its defaults take ~10 ms a hash). The native
 * module (~12 MB resident) is loaded with the first login or sign-up, not at start.
 */
let argon2: Promise<typeof import('@node-rs/argon2')> | undefined;
const loadArgon2 = () => {
  argon2 ??= import('@node-rs/argon2');
  return argon2;
};

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await (await loadArgon2()).verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of nothing anyone knows, verified against when an email is unknown so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-that-matches-nothing');
  return decoyHash;
}
