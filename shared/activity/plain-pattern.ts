// The name patterns people mean in words (Activity's sentences say "PDF files" for `*.pdf`):
// recognised here, apart from the sentences themselves (activity-describe.ts).

// "[pP]" → "p", "[Tt]" → "T": a letter in both cases, as the Search preview writes a case-blind
// pattern, the case the person typed first (so "Tax" is echoed as typed, not as "tax").
function caseBlind(text: string): string | null {
  const out = text.replace(/\[(.)(.)\]/g, (all, a: string, b: string) =>
    a.toLowerCase() === b.toLowerCase() && a !== b ? a : all,
  );
  return /[[\]{}*?\\]/.test(out) ? null : out;
}

/**
 * The patterns people mean in words: `*.pdf`, `*.{[jJ][pP][gG],[pP][nN][gG]}`, `*rep*`,
 * `*[rR][eE][pP]*.[pP][dD][fF]`, at any depth (an optional leading double star and slash); null for others.
 */
export function plainPattern(glob: string): { types: string[]; contains: string | null } | null {
  const m = /^(?:\*\*\/)?\*(?:([^*/]+)\*)?(?:\.(\{[^/]+\}|[^./{}*]+))?$/.exec(glob);
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const contains = m[1] === undefined ? null : caseBlind(m[1]);
  if (m[1] !== undefined && (contains === null || contains === '')) return null;
  let types: string[] = [];
  if (m[2] !== undefined) {
    const parts = m[2].startsWith('{') ? m[2].slice(1, -1).split(',') : [m[2]];
    const plain = parts.map(caseBlind);
    if (plain.some((p) => p === null || !/^[A-Za-z0-9]{1,10}$/.test(p))) return null;
    types = plain as string[];
  }
  return { types, contains };
}
