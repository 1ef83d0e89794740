// Comparing FolderGate's entry in a file with the one it would write now. Only the keys FolderGate
// writes count: keys a client adds to an entry itself (Cline's autoApprove, …) are kept on repair
// and do not make an entry "need repair".

/** A JSON-safe copy (TOML big integers become numbers or strings, dates ISO strings). */
export function toPlain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (_key, v: unknown) =>
      typeof v === 'bigint' ? (Number.isSafeInteger(Number(v)) ? Number(v) : v.toString()) : v,
    ),
  ) as unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality of plain data. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(sortKeys(toPlain(a))) === JSON.stringify(sortKeys(toPlain(b)));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys(value[k])]),
  );
}

/** True when every key FolderGate writes has the expected value in `current`. */
export function entryMatches(current: unknown, expected: Record<string, unknown>): boolean {
  return (
    isRecord(current) && Object.keys(expected).every((k) => sameValue(current[k], expected[k]))
  );
}

/** The entry to write: the expected keys over whatever the client added to the current one. */
export function mergedEntry(
  current: unknown,
  expected: Record<string, unknown>,
): Record<string, unknown> {
  return isRecord(current) ? { ...toPlainRecord(current), ...expected } : expected;
}

function toPlainRecord(value: Record<string, unknown>): Record<string, unknown> {
  return toPlain(value) as Record<string, unknown>;
}
