import type fs from 'node:fs';

const REPLACEMENT = '\uFFFD';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A folder's entries with valid UTF-8 names, and how many names were not valid UTF-8. */
export interface NamedEntries {
  entries: fs.Dirent[];
  invalidNames: number;
}

/**
 * Leaves out entries whose names are not valid UTF-8 and counts them. Node decodes such bytes to
 * U+FFFD, so a name shown that way would name a file that does not exist (or, worse, another
 * file whose name really contains U+FFFD); the search cannot give a usable path for it, so it
 * counts it for the summary instead of listing it. Only a folder with a U+FFFD in some name is
 * read again as raw bytes (`rereadRaw`), so ordinary folders cost nothing more.
 */
export function dropInvalidNames(
  entries: fs.Dirent[],
  rereadRaw: () => fs.Dirent<Buffer>[],
): NamedEntries {
  if (!entries.some((e) => e.name.includes(REPLACEMENT))) return { entries, invalidNames: 0 };
  // How many entries really carry each name that contains U+FFFD (valid UTF-8 bytes EF BF BD).
  const valid = new Map<string, number>();
  let invalidNames = 0;
  for (const raw of rereadRaw()) {
    let name: string;
    try {
      name = strictUtf8.decode(raw.name);
    } catch {
      invalidNames++;
      continue;
    }
    if (name.includes(REPLACEMENT)) valid.set(name, (valid.get(name) ?? 0) + 1);
  }
  const kept = entries.filter((e) => {
    if (!e.name.includes(REPLACEMENT)) return true;
    const left = valid.get(e.name) ?? 0;
    if (left === 0) return false;
    valid.set(e.name, left - 1);
    return true;
  });
  return { entries: kept, invalidNames };
}
