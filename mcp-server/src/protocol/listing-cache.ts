// What a server answers to `tools/list` (computed for its first initialize's instructions, and for
// each tools/list), kept in <appData>/listing-cache.json so that the next server started with the
// same settings answers both without loading zod and the MCP SDK
// (protocol/front-desk.ts): an AI app that connects and lists the tools but has not searched yet
// holds ~43 MB instead of ~58 MB (issue 20: five idle servers ≤ 250 MB).
//
// An entry is found only by its exact key: the server's build, its command line, the settings
// file's exact text (or its absence), and the time zone and offset the search tool's description
// names. The answers are a pure function of these (server.ts's listTools), so an entry can never be
// stale; anything else (no entry, an unreadable file, a settings file the server could not use)
// makes the full server answer. No zod here: the front reads this before anything else is loaded.
import fs from 'node:fs';
import path from 'node:path';
import { zoneName } from '../tools/zone-name.js';
import { accessViewKey, type AccessCaller } from '#shared/settings/folder-access-rules.js';
import { isPlainObject } from './json-rpc.js';

/** The server bundle's build (set by mcp-server/build.mjs); 'source' when run from the sources. */
declare const __FOLDERGATE_BUILD__: string | undefined;
export const SERVER_BUILD =
  typeof __FOLDERGATE_BUILD__ === 'string' ? __FOLDERGATE_BUILD__ : 'source';

/** One remembered listing. */
export interface ListingEntry {
  key: string;
  /** The `tools/list` result, as sent. */
  tools: { tools: unknown[] };
}

/** What a listing depends on besides the build (see listingKey). */
export interface ListingBasis {
  /** The server's command line (process.argv.slice(2)). */
  argv: readonly string[];
  /** The settings file's text; null when there is none (or no --config-dir). */
  settingsText: string | null;
  /**
   * The folders this server's caller may search now (listingView): the listing names only those,
   * so apps with different folders, and a folder whose time ended, never share an entry.
   */
  view: string;
}

/** Entries kept: one per command line and settings in use (clients, the preview, tool names). */
export const MAX_LISTINGS = 8;
/** A cache file larger than this is not read (ignored as if missing). */
const MAX_CACHE_BYTES = 4 * 1024 * 1024;

/** <configDir>/listing-cache.json. */
export function listingCacheFile(configDir: string): string {
  return path.join(configDir, 'listing-cache.json');
}

/** The time zone and offset as the search tool's description names them at `now`. */
export function zoneNow(now = new Date()): { zone: string | null; offsetMinutes: number } {
  return { zone: zoneName() ?? null, offsetMinutes: now.getTimezoneOffset() };
}

/** The exact key of a listing. */
export function listingKey(
  basis: ListingBasis,
  zone: { zone: string | null; offsetMinutes: number } = zoneNow(),
  build = SERVER_BUILD,
): string {
  return JSON.stringify([
    build,
    basis.argv,
    basis.settingsText,
    zone.zone,
    zone.offsetMinutes,
    basis.view,
  ]);
}

/** Which folders of `settingsText` `caller` may search at `now`, as a key (accessViewKey). */
export function listingView(
  settingsText: string | null,
  caller: AccessCaller,
  now = Date.now(),
): string {
  if (settingsText === null) return '';
  try {
    const body = settingsText.charCodeAt(0) === 0xfeff ? settingsText.slice(1) : settingsText;
    return accessViewKey(JSON.parse(body) as unknown, caller, now);
  } catch {
    return '';
  }
}

/** The settings file's text now; null when it does not exist; undefined when it cannot be read. */
export function readSettingsText(configDir: string): string | null | undefined {
  try {
    return fs.readFileSync(path.join(configDir, 'settings.json'), 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : undefined;
  }
}

/** The remembered entries (none when the file is missing, too big or not what this code wrote). */
export function readListings(file: string): ListingEntry[] {
  let text: string;
  try {
    if (fs.statSync(file).size > MAX_CACHE_BYTES) return [];
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  try {
    const value: unknown = JSON.parse(text);
    const entries = (value as { entries?: unknown } | null)?.entries;
    return Array.isArray(entries) ? entries.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** The entry for `key`, or null. */
export function findListing(file: string, key: string): ListingEntry | null {
  return readListings(file).find((entry) => entry.key === key) ?? null;
}

function isEntry(value: unknown): value is ListingEntry {
  if (!isPlainObject(value) || typeof value.key !== 'string') return false;
  const tools = value.tools;
  return isPlainObject(tools) && Array.isArray(tools.tools) && Object.keys(tools).length === 1;
}
