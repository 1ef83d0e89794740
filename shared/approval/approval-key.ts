// How an app is remembered by the person's per-app rules (the renderer uses it without zod).

/**
 * The key an app is remembered by: its `initialize` name trimmed and lowercased, so "Cursor" and
 * "cursor" share one rule. An app that sent no name is "(unnamed)". The name is what the app says
 * it is, not proven: a rule is a convenience for the person, not a security boundary.
 */
export function approvalAppKey(clientName: string | null | undefined): string {
  const key = (clientName ?? '').trim().toLowerCase().slice(0, 200);
  return key === '' ? '(unnamed)' : key;
}
