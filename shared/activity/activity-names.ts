// Names and codes the activity log and the servers share, without words for people (those are in
// activity-describe.ts, which loads the message catalog; servers never do).

/**
 * Codes of calls refused by the person's own settings or answer (paused, switched off, denied,
 * no folder allowed): nothing is wrong to be fixed, so they are counted apart from failures.
 */
export const OWN_DECISION_CODES: ReadonlySet<string> = new Set([
  'AccessPaused',
  'NoAllowedRoots',
  'RootNotAllowed',
  'ToolDisabled',
  'DeniedByUser',
  'ApprovalUnavailable',
]);

/** True when a call's error code is one of the person's own decisions (not a failure). */
export function isOwnDecision(code: string | null | undefined): boolean {
  return typeof code === 'string' && OWN_DECISION_CODES.has(code);
}

/** The name FolderGate's own search preview gives in initialize (its calls are logged too). */
export const PREVIEW_CLIENT_NAME = 'FolderGate preview';

/** The `tool` of the record of a prompt's use (`args.name` names the prompt). */
export const PROMPT_GET = 'prompts/get';
