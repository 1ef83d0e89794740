// The IPC channel of the test request (issue 38): the first run's introduction to "Ask me first"
// sends one through the app's real approval queue, so the person sees the very banner an AI app's
// call brings up. shared/contract/ipc.ts spreads it into its table.
import * as z from 'zod';

/** The test request's channels of the IPC contract. */
export const APPROVAL_TEST_CHANNELS = {
  /**
   * Queues a test request, shown as any AI app's request is (`test: true` on it); answered,
   * refused in time or not, it is recorded in Activity marked as a test, and nothing is searched.
   * `id` is null when the app cannot ask now (its approval channel is not listening).
   */
  'approval:test': {
    request: z.strictObject({}),
    response: z.strictObject({ id: z.string().nullable() }),
  },
} as const;
