// What a resource read answers: `foldergate://folders` (JSON and a one-line text summary) and a
// page of a saved result, as the person's settings allow it now (docs/contracts/resources.md).
import { compileExclusion, effectiveExclude } from '#search/leave-out.js';
import path from 'node:path';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import { ToolError } from '#shared/errors/errors.js';
import { isSamePath } from '#shared/text/path-compare.js';
import { createFileTypeFilter } from '#shared/tools/file-types.js';
import { FOLDERS_URI, RESULT_PAGE_SIZE, resultPageUri } from '#shared/tools/resource-names.js';
import type { ServerConfig } from '#appdata/settings/server-config.js';
import { engineQueryOf } from '../search/engine-answer.js';
import { planSearch } from '../search/search-plan.js';
import type { EngineAsk } from '../search/search-context.js';
import type { SavedResult } from './result-store.js';

/** Whether an allowed folder answers from the app's live index now; null: no engine to ask. */
export type InstantSearch = 'ready' | 'preparing' | 'walking' | 'not-indexed' | null;

/** The listing entry of `foldergate://folders`. */
export function foldersResource(config: ServerConfig): Resource {
  return {
    uri: FOLDERS_URI,
    name: 'folders',
    title: 'Allowed folders',
    description: `${foldersSummary(config)} JSON: names, file types and whether each is ready for instant search; a second item says it in one line.`,
    mimeType: 'application/json',
  };
}

/** What the list-changed watch compares of a listed resource: its URI and what it says. */
export function listedAs(resource: Resource): string {
  return `${resource.uri}\0${resource.title ?? ''}\0${resource.description ?? ''}`;
}

/** The listing entry of a saved result. */
export function resultResource(saved: SavedResult): Resource {
  const n = saved.matches.length;
  return {
    uri: saved.uri,
    name: `result-${saved.id.slice(0, 8)}`,
    title: `Search in '${saved.root.name}' (${n} match${n === 1 ? '' : 'es'})`,
    description: `A saved ${saved.timeField}-time search of '${saved.root.name}': ${n} match${n === 1 ? '' : 'es'}, ${RESULT_PAGE_SIZE} per page (?page=2, …). Names, sizes and dates only.`,
    mimeType: 'application/json',
    size: saved.bytes,
    annotations: { lastModified: new Date(saved.savedAt).toISOString() },
  };
}

/** `foldergate://folders` read now. */
export async function readFolders(
  config: ServerConfig,
  engine: EngineAsk | undefined,
): Promise<{ result: ReadResourceResult; summary: string }> {
  const defaultPath = config.defaultRoot;
  const folders = await Promise.all(
    config.roots.map(async (root, i) => ({
      name: root.name,
      default: defaultPath === null ? i === 0 : isSamePath(root.path, defaultPath, path),
      fileTypes: root.fileTypes ?? null,
      instantSearch: await instantSearchOf(root.name, config, engine),
    })),
  );
  const summary = foldersSummary(config);
  return {
    summary,
    result: {
      contents: [
        {
          uri: FOLDERS_URI,
          mimeType: 'application/json',
          text: JSON.stringify({ folders, paused: config.paused }),
        },
        { uri: FOLDERS_URI, mimeType: 'text/plain', text: summary },
      ],
    },
  };
}

/** "2 folders may be searched: 'Docs' (default; .pdf, .docx), 'Photos' (every file type)." */
export function foldersSummary(config: ServerConfig): string {
  if (config.roots.length === 0)
    return 'No folder may be searched yet: the person allows folders in FolderGate.';
  const items = config.roots.map((root, i) => {
    const isDefault =
      config.defaultRoot === null ? i === 0 : isSamePath(root.path, config.defaultRoot, path);
    const types = root.fileTypes ? root.fileTypes.join(', ') : 'every file type';
    return `'${root.name}' (${isDefault ? 'default; ' : ''}${types})`;
  });
  const n = config.roots.length;
  return `${n} folder${n === 1 ? '' : 's'} may be searched: ${items.join(', ')}.`;
}

/** Asks the engine about one folder with a one-match query (null: no engine answered). */
async function instantSearchOf(
  name: string,
  config: ServerConfig,
  engine: EngineAsk | undefined,
): Promise<InstantSearch> {
  if (!engine || config.followSymlinks) return null;
  try {
    const plan = planSearch(
      { root: name, timeField: 'modified', sort: 'path_asc', limit: 1 },
      config,
    );
    const answer = await engine.ask(engineQueryOf(plan, config));
    if (answer === null) return null;
    if (answer.type === 'answer') return 'ready';
    return answer.why === 'preparing' || answer.why === 'walking' ? answer.why : 'not-indexed';
  } catch {
    return 'not-indexed'; // the folder cannot be searched now: a search says why
  }
}

/** The allowed folder a saved result searched, as the settings have it now (else refused). */
export function rootNow(saved: SavedResult, config: ServerConfig) {
  const root = config.roots.find((r) => isSamePath(r.path, saved.root.path, path));
  if (!root) {
    throw new ToolError(
      'RootNotAllowed',
      `The folder '${saved.root.name}' this result was saved from is no longer allowed.`,
      'Do not retry; search one of the folders allowed now (see foldergate://folders).',
    );
  }
  return root;
}

/**
 * The matches of a saved result the settings allow now: its folder's file types, and nothing the
 * folder leaves out now (by path or name; each folder on a match's way, and the match itself).
 */
export function allowedMatches(saved: SavedResult, config: ServerConfig) {
  const root = rootNow(saved, config);
  const fits = createFileTypeFilter(root.fileTypes);
  const leftOut = compileExclusion(effectiveExclude([], root.leaveOut), '');
  const allowed = (p: string) => {
    const rel = path.relative(root.path, p);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false;
    if (leftOut === undefined) return true;
    const segments = rel.split(path.sep);
    for (let i = 1; i <= segments.length; i++)
      if (leftOut(segments.slice(0, i).join('/'))) return false;
    return true;
  };
  return saved.matches.filter(
    (m) => allowed(m.path) && (m.isDirectory || fits === null || fits(m.path)),
  );
}

/** Page `page` of a saved result as allowed now. */
export function readResult(
  saved: SavedResult,
  page: number,
  config: ServerConfig,
): { result: ReadResourceResult; summary: string } {
  const matches = allowedMatches(saved, config);
  const pages = Math.max(1, Math.ceil(matches.length / RESULT_PAGE_SIZE));
  if (page > pages) {
    throw new ToolError(
      'InvalidArgument',
      `This saved result has ${pages} page${pages === 1 ? '' : 's'}; page ${page} does not exist.`,
      `Read ${saved.uri} or a page from 1 to ${pages}.`,
    );
  }
  const slice = matches.slice((page - 1) * RESULT_PAGE_SIZE, page * RESULT_PAGE_SIZE);
  const uri = resultPageUri(saved.uri, page);
  const summary = `Page ${page} of ${pages}: ${slice.length} of ${matches.length} saved match${matches.length === 1 ? '' : 'es'} from a ${saved.timeField}-time search of '${saved.root.name}'${matches.length < saved.matches.length ? ` (${saved.matches.length - matches.length} no longer allowed left out)` : ''}.`;
  const body = {
    uri: saved.uri,
    root: saved.root.name,
    query: saved.args,
    timeField: saved.timeField,
    range: saved.range,
    savedAt: new Date(saved.savedAt).toISOString(),
    page,
    pages,
    pageSize: RESULT_PAGE_SIZE,
    total: matches.length,
    leftOut: saved.matches.length - matches.length,
    searchHadMore: saved.more,
    nextPage: page < pages ? resultPageUri(saved.uri, page + 1) : null,
    matches: slice,
  };
  return {
    summary,
    result: {
      contents: [
        { uri, mimeType: 'application/json', text: JSON.stringify(body) },
        { uri, mimeType: 'text/plain', text: summary },
      ],
    },
  };
}
