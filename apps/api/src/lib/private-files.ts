/**
 * The shop's own files are private to the user running it: directories 0700, files 0600, set
 * explicitly (chmod) so neither a permissive umask nor a library that picks its own modes (PGlite
 * creates its files 0666) can leave the database, the mail outbox or a backup readable by others.
 */
import fs from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Only the owner may change a mode; what another user owns is left alone (opening or writing it
 * then fails with a message naming it, as a directory we cannot use should).
 */
const isOurs = (stat: fs.Stats) => typeof process.getuid !== 'function' || stat.uid === process.getuid();

/** Creates `dir` (and missing parents) and makes `dir` itself private. */
export function makePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (isOurs(fs.statSync(dir))) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates `dir` and its missing parents, each of those it created private; folders that already
 * existed keep their mode (a backup written to a path the user chose must not lock their home).
 */
export function makeMissingDirsPrivateSync(dir: string): void {
  const first = fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (first === undefined) return;
  const top = path.resolve(first);
  // From `dir` up to the first folder mkdir created: exactly the folders that did not exist.
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    fs.chmodSync(current, PRIVATE_DIR_MODE);
    if (current === top || current === path.dirname(current)) return;
  }
}

export async function makePrivateDir(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (isOurs(await fs.promises.stat(dir))) await fs.promises.chmod(dir, PRIVATE_DIR_MODE);
}

/** Makes a file private (after it was written by a stream or a library). */
export function makePrivateFileSync(file: string): void {
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Makes `root` and everything under it private; symbolic links are left alone (a chmod would
 * follow them out of the tree), and so is what another user owns. Returns how many entries had other modes. A missing root is fine.
 */
export function makeTreePrivate(root: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(entry);
    } catch (error) {
      // Removed while we walk (PGlite deletes temporary files): nothing left to protect.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isSymbolicLink() || !isOurs(stat)) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      try {
        fs.chmodSync(entry, wanted);
        changed += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    if (!stat.isDirectory()) return;
    let names: string[];
    try {
      names = fs.readdirSync(entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) visit(`${entry}/${name}`);
  };
  visit(root);
  return changed;
}
