// The approval folder and its per-install secret. The folder is private to the user (0700), so
// no other user can reach the socket in it or plant one; the secret (0600) proves to the app that
// a connecting process could read this user's app data, i.e. is one of our mcp-servers.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { APPROVAL_SECRET_BYTES } from '#shared/approval/approval.js';

const SECRET_TEXT = /^[0-9a-f]{64}$/;
const posix = process.platform !== 'win32';

/**
 * Creates the approval folder (mode 0700) or tightens an existing one. Refuses a folder that is a
 * symbolic link or belongs to another user: something else put it there, and the socket in it
 * would not be private.
 */
export async function ensureApprovalFolder(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stat = await fs.lstat(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a folder.`);
  if (!posix) return;
  if (process.getuid && stat.uid !== process.getuid())
    throw new Error(`${dir} belongs to another user.`);
  if ((stat.mode & 0o777) !== 0o700) await fs.chmod(dir, 0o700);
}

/**
 * The per-install secret, created if missing (or unreadable, malformed, or readable by others):
 * 32 random bytes as hex, mode 0600. Creation is atomic and never overwrites a good secret
 * another app instance wrote at the same moment (a temp file hard-linked into place).
 */
export async function ensureApprovalSecret(secretPath: string): Promise<string> {
  const existing = await readGoodSecret(secretPath);
  if (existing) return existing;
  const secret = randomBytes(APPROVAL_SECRET_BYTES).toString('hex');
  const temp = `${secretPath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temp, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    try {
      await fs.link(temp, secretPath);
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // Someone else's file is there: keep it if it is good (another instance won the race),
    // replace it atomically if not.
    const raced = await readGoodSecret(secretPath);
    if (raced) return raced;
    await fs.rename(temp, secretPath);
    return secret;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

/** The secret as a connecting process reads it: 64 hex characters, or null (no app yet). */
export async function readSecret(secretPath: string): Promise<string | null> {
  try {
    const text = (await fs.readFile(secretPath, 'utf8')).trim();
    return SECRET_TEXT.test(text) ? text : null;
  } catch {
    return null;
  }
}

async function readGoodSecret(secretPath: string): Promise<string | null> {
  try {
    const stat = await fs.lstat(secretPath);
    if (!stat.isFile() || (posix && (stat.mode & 0o077) !== 0)) return null;
    const text = (await fs.readFile(secretPath, 'utf8')).trim();
    return SECRET_TEXT.test(text) ? text : null;
  } catch {
    return null;
  }
}
