// The allowed folders as the window shows them: Remove with its Undo (issue 38 item 6), and the
// push event that keeps the window's list true while the folders change on disk (issue 38 item
// 1: the app core looks at each folder's state and identity, main/core/folders/root-watch.ts,
// and sends the whole list when it differs). shared/contract/ipc.ts spreads the channels and the
// event into its table and re-exports the schemas.
import * as z from 'zod';

/**
 * How an allowed folder looks on disk right now. 'replaced': the path no longer leads to the
 * folder the person chose (moved, or replaced by another folder or a link); AI apps are refused
 * until the person confirms the folder now there (roots:confirm) or removes it.
 */
export const rootStateSchema = z.enum(['ok', 'missing', 'unreadable', 'not-a-folder', 'replaced']);

/** One allowed folder as the UI shows it. */
export const rootViewSchema = z.strictObject({
  path: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  state: rootStateSchema,
  /** Where the path leads now, when that is not where it led when the folder was chosen. */
  nowAt: z.string().nullable(),
  /** Risky choices: a whole drive, the home folder, nested in or containing another root. */
  warnings: z.array(z.string()),
});
/** @see rootViewSchema */
export type RootView = z.output<typeof rootViewSchema>;

const rootsResponse = z.strictObject({ roots: z.array(rootViewSchema) });

/** Remove an allowed folder, and put it back. */
export const REMOVE_CHANNELS = {
  /** `undo`: what roots:restore takes to put the folder back as it was (this run of the app). */
  'roots:remove': {
    request: z.strictObject({ path: z.string().min(1).max(4096) }),
    response: z.strictObject({ roots: z.array(rootViewSchema), undo: z.string() }),
  },
  /** Undo for Remove: the folder back where it was, with every setting it had. */
  'roots:restore': {
    request: z.strictObject({ undo: z.string().min(1).max(100) }),
    response: rootsResponse,
  },
} as const;

/** The push events of the allowed folders. */
export const ROOTS_EVENTS = {
  /** The allowed folders as they are on disk now, sent when a folder's state or identity changed. */
  'roots:changed': z.strictObject({ roots: z.array(rootViewSchema) }),
} as const;
