// The error the app's IPC answers with (the renderer's invoke rejects with it), without zod.
import type { ErrorParams } from './errors.js';

/** An error carried across the bridge; the renderer's invoke rejects with it. */
export class IpcError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fix: string,
    /** The facts in parts, for the person's words (see ErrorParams). */
    readonly params: ErrorParams = {},
  ) {
    super(message);
    this.name = 'IpcError';
  }
}
