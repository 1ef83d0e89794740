// What the front desk knows of the tool listing without the full server: the listing cache's entry
// for the settings in force (listing-cache.ts), and whether a settings change since a client was
// shown a listing changed it. Most changes do not (pause, approval, file types, language, limits):
// the listing names the allowed folders, the switched-on tools, whether a logic catalog is set and
// the time zone, nothing else (tool-listing.test.ts holds that). So an idle server stays at the
// front desk when the person changes anything else (issue 35, item 5: before, every change made
// every connected idle server load its full server).
//
// Why that is exact without reading the settings as the full server does (with zod): the listing
// the client was shown came from a settings text T1 the full server could use. A later text T2
// with the same folder names, switches and catalog either can be used too (the same listing) or
// cannot (the full server keeps the settings it had, T1's: the same listing again).
import { SETTINGS_VERSION } from '#shared/settings/settings-version.js';
import type { AccessCaller } from '#shared/settings/folder-access-rules.js';
import { isPlainObject } from './json-rpc.js';
import {
  findListing,
  listingCacheFile,
  listingKey,
  listingView,
  readSettingsText,
  zoneNow,
  type ListingEntry,
} from './listing-cache.js';

/** A listing shown to a client, and what it was made of. */
export interface Shown {
  tools: ListingEntry['tools'];
  settingsText: string | null;
  zone: ReturnType<typeof zoneNow>;
  /** The folders the caller could search then (listingView). */
  view: string;
}

/** Whether the listing changed since a client was shown one. */
export type SinceShown =
  /** The same listing; `shown` is what to compare with from now on. */
  | { kind: 'same'; shown: Shown }
  /** Another listing, to announce (and to answer the next tools/list with). */
  | { kind: 'changed'; shown: Shown }
  /** The front cannot tell (no cache entry, a file it cannot read): the full server must. */
  | { kind: 'unknown' };

/** See the module comment. */
export interface FrontListing {
  /**
   * The listing for the settings in force now: the cache's entry, else the listing `before` when
   * the change since cannot have changed it; null when the full server must answer.
   */
  now(before?: Shown | null): Shown | null;
  /** Whether the listing changed since `shown`. */
  since(shown: Shown): SinceShown;
}

/**
 * The listing of a server started with `argv` and settings in `configDir` (null: none), for
 * `caller` (serverCaller: the folders it may search now).
 */
export function createFrontListing(
  configDir: string | null,
  argv: readonly string[],
  caller: AccessCaller = null,
): FrontListing {
  const file = configDir ? listingCacheFile(configDir) : null;

  const exact = (): Shown | 'unreadable' | null => {
    if (!configDir || !file) return null;
    const settingsText = readSettingsText(configDir);
    if (settingsText === undefined) return 'unreadable';
    const zone = zoneNow();
    const view = listingView(settingsText, caller);
    const entry = findListing(file, listingKey({ argv, settingsText, view }, zone));
    return entry ? { tools: entry.tools, settingsText, zone, view } : null;
  };

  const since = (shown: Shown): SinceShown => {
    if (!configDir) return { kind: 'unknown' };
    const settingsText = readSettingsText(configDir);
    if (settingsText === undefined) return { kind: 'unknown' };
    const zone = zoneNow();
    const facts = listingFacts(settingsText);
    if (
      zone.zone === shown.zone.zone &&
      zone.offsetMinutes === shown.zone.offsetMinutes &&
      facts !== null &&
      facts === listingFacts(shown.settingsText) &&
      listingView(settingsText, caller) === shown.view
    )
      return { kind: 'same', shown };
    const found = exact();
    if (found === null || found === 'unreadable') return { kind: 'unknown' };
    const same = JSON.stringify(found.tools) === JSON.stringify(shown.tools);
    return { kind: same ? 'same' : 'changed', shown: found };
  };

  return {
    now(before) {
      const found = exact();
      if (found !== null && found !== 'unreadable') return found;
      if (!before) return null;
      const change = since(before);
      return change.kind === 'unknown' ? null : change.shown;
    },
    since,
  };
}

/**
 * What of a settings text the listing depends on, as one string: the file's version, the allowed
 * folders' names, the catalog and the switches, as written; null when the text is not a current
 * settings object (the full server must read it). Nothing is checked: two texts with the same
 * facts give the same listing, or the second one cannot be used (see the module comment).
 */
export function listingFacts(settingsText: string | null): string | null {
  if (settingsText === null) return 'no settings file';
  let raw: unknown;
  try {
    raw = JSON.parse(
      settingsText.charCodeAt(0) === 0xfeff ? settingsText.slice(1) : settingsText,
    ) as unknown;
  } catch {
    return null;
  }
  if (!isPlainObject(raw) || raw.version !== SETTINGS_VERSION) return null;
  const roots = Array.isArray(raw.roots)
    ? raw.roots.map((root) => (isPlainObject(root) ? root.name : root))
    : raw.roots;
  return stableJson({ roots, logicCatalog: raw.logicCatalog, tools: raw.tools });
}

/** JSON with every object's keys sorted (absent members stay absent). */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((key) => [key, inner[key]]),
        )
      : inner,
  );
}
