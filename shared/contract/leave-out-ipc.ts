// The IPC channels of "Leave out" on the Folders screen (issue 36): what an allowed folder leaves
// out of AI apps' sight, changed one item at a time, and the subfolders and names suggested for it.
// shared/contract/ipc.ts spreads them into its table.
import * as z from 'zod';
import { leaveOutSchema, leftOutNameSchema } from '../settings/leave-out.js';

const folderPath = z.string().min(1).max(4096);

/** One change to what a folder leaves out. */
export const leaveOutChangeSchema = z.discriminatedUnion('op', [
  /** `folder`: an absolute path inside the allowed folder (the picker, the path field), or a path below it. */
  z.strictObject({ op: z.literal('addFolder'), folder: z.string().min(1).max(4096) }),
  z.strictObject({ op: z.literal('removeFolder'), rel: z.string().min(1).max(4096) }),
  z.strictObject({ op: z.literal('addName'), name: leftOutNameSchema }),
  z.strictObject({ op: z.literal('removeName'), name: z.string().min(1).max(255) }),
]);
/** @see leaveOutChangeSchema */
export type LeaveOutChange = z.output<typeof leaveOutChangeSchema>;

/** A suggestion found in the folder: a private-looking subfolder, or a large or noisy name. */
export const leaveOutSuggestionSchema = z.strictObject({
  kind: z.enum(['folder', 'name']),
  value: z.string(),
  why: z.enum(['private', 'noisy']),
});

/** The leave-out channels of the IPC contract. */
export const LEAVE_OUT_CHANNELS = {
  /** Changes what one allowed folder leaves out; answers what it leaves out now. */
  'roots:setLeaveOut': {
    request: z.strictObject({ path: folderPath, change: leaveOutChangeSchema }),
    response: z.strictObject({ leaveOut: leaveOutSchema }),
  },
  /** Subfolders and names worth leaving out, found near the top of the folder (not yet left out). */
  'roots:leaveOutSuggestions': {
    request: z.strictObject({ path: folderPath }),
    response: z.strictObject({ suggestions: z.array(leaveOutSuggestionSchema).max(40) }),
  },
} as const;
