// "Everything but this subfolder": per allowed folder, the subfolders and name patterns AI apps
// never see (issue 36). The settings' shape, its limits and the suggestions' names live here;
// what a search does with it is search/leave-out.ts.
import * as z from 'zod';

/** A device or inode number as a decimal string, as an allowed folder's identity holds them. */
const statNumberSchema = z.string().regex(/^\d{1,40}$/, 'expected a whole number in a string');

/** True for a '/'-separated path below a folder: no empty, `.` or `..` segment, no `\` or NUL. */
export function isPlainRel(rel: string): boolean {
  if (rel === '' || rel.includes('\0') || rel.includes('\\')) return false;
  return rel.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

/** One left-out subfolder: its path below the allowed folder and, once recorded, its identity. */
export const leftOutFolderSchema = z.looseObject({
  rel: z.string().min(1).max(4096).refine(isPlainRel, { message: 'a plain path below the folder' }),
  /** The folder when it was left out: kept out by this wherever it is moved inside the root. */
  id: z.looseObject({ dev: statNumberSchema, ino: statNumberSchema }).optional(),
});
/** @see leftOutFolderSchema */
export type LeftOutFolder = z.output<typeof leftOutFolderSchema>;

/** A name pattern matched against each entry's own name, at any depth (`node_modules`, `.*`). */
export const leftOutNameSchema = z
  .string()
  .min(1)
  .max(255)
  .refine((n) => !n.includes('/') && !n.includes('\\') && !n.includes('\0'), {
    message: 'a name without separators',
  });

/** Most subfolders, and most name patterns, one allowed folder leaves out. */
export const LEAVE_OUT_MAX = 200;

/** What one allowed folder leaves out; absent = nothing. */
export const leaveOutSchema = z.looseObject({
  folders: z.array(leftOutFolderSchema).max(LEAVE_OUT_MAX).default([]),
  names: z.array(leftOutNameSchema).max(LEAVE_OUT_MAX).default([]),
});
/** @see leaveOutSchema */
export type LeaveOut = z.output<typeof leaveOutSchema>;

export { leftOutCount } from './leave-out-count.js';

/**
 * Names of folders that look private (compared without case): suggested as subfolders to leave
 * out where they are found near the top of an allowed folder.
 */
export const PRIVATE_LOOKING_NAMES: readonly string[] = [
  'taxes',
  'tax',
  'private',
  'passwords',
  'medical',
  'health',
  'banking',
  'personal',
  '.ssh',
  '.gnupg',
  '.aws',
  '.password-store',
  'steuern',
  'steuer',
  'privat',
  '세금',
  '개인',
  '비밀번호',
];

/** Names of large or noisy folders (compared without case): suggested as name patterns. */
export const NOISY_NAMES: readonly string[] = [
  'node_modules',
  '.git',
  '.npm',
  '.cache',
  '__pycache__',
  '.venv',
  '.gradle',
  '.m2',
  '.cargo',
  '.pnpm-store',
  '.yarn',
];

/** A suggestion: a subfolder found that looks private, or a noisy name found somewhere near the top. */
export interface LeaveOutSuggestion {
  kind: 'folder' | 'name';
  /** The subfolder's path below the root ('/'-separated), or the name pattern. */
  value: string;
  why: 'private' | 'noisy';
}
