// What the Search preview keeps of a search: its arguments, the pages walked, the answer.
import type { IpcError, IpcResponse } from '#shared/contract/ipc.js';

export type SearchRun = IpcResponse<'search:run'>;

/** One page already shown: the cursor that fetched it (null for the first) and how many came before. */
export interface PageStep {
  cursor: string | null;
  offset: number;
}

/** The last search: its arguments (without cursor), the pages walked, and the answer or the failure. */
export interface Outcome {
  args: Record<string, unknown>;
  /** The pages from the first to the one shown; Previous goes back along it. */
  trail: PageStep[];
  run: SearchRun | null;
  failure: IpcError | null;
  rootPath: string | undefined;
}
