// Test support for the engine path: an engine in the test's process with the real watcher, a
// search that asks it first, and a wait until its index holds what is on disk (what a fresh crawl
// of the folder reads), so "after the engine has seen the changes" is a fact, not a sleep.
import type { ServerConfig } from '#appdata/settings/server-config.js';
import { crawlInto } from '#engine/crawl.js';
import { createFdFolderAccess, isFdAccessAvailable } from '#search/folder-access-fd.js';
import { FolderIndex, KIND_FREE, ROOT_ID } from '#engine/folder-index.js';
import { createSearchEngine, type SearchEngine } from '#engine/search-engine.js';
import { searchByTime } from '#server/search/search-by-time.js';
import { scaled } from '../time.js';
import type { EngineAsk } from '#server/search/search-context.js';
import type { SearchCall } from './property-model.js';
import { effectiveExclude } from '#search/leave-out.js';

/**
 * How the reference crawl reads the disk: the walker with Node's own readdir and lstat, even where
 * the engine under test lists folders natively (native-list.ts), so the two never share a reader.
 */
export const NODE_LISTING = isFdAccessAvailable()
  ? createFdFolderAccess({ nativeList: false })
  : undefined;

/** An engine holding one folder, with an effective exclusion (#search/leave-out.js). */
export async function startEngine(
  rootDir: string,
  exclude: string[],
  log?: (line: string) => void,
): Promise<SearchEngine> {
  const engine = createSearchEngine({ driveKindOf: () => 'local', ...(log ? { log } : {}) });
  engine.setFolders([{ rootReal: rootDir, rootId: null, exclude }]);
  await waitUntilInSync(engine, rootDir, exclude);
  return engine;
}

/**
 * The engine as a search asks it; `answered` counts the pages it answered, `refusals` says why
 * the search refused an answer as not the walk's (never, of a real engine).
 */
export function engineAsk(
  engine: SearchEngine,
): EngineAsk & { answered: number; declined: number; refusals: string[] } {
  const ask = {
    answered: 0,
    declined: 0,
    refusals: [] as string[],
    async ask(query: Parameters<EngineAsk['ask']>[0]) {
      const answer = await engine.answer(query);
      if (answer.type === 'answer') ask.answered++;
      else ask.declined++;
      return answer;
    },
    recheck: (root: string, rels: string[]) => engine.recheck(root, rels),
    refused: (why: string) => void ask.refusals.push(why),
  };
  return ask;
}

/** A search call that waits for the engine to hold the disk's state, then asks it first. */
export function engineCall(
  engine: SearchEngine,
  ask: EngineAsk,
  config: ServerConfig,
  rootDir: string,
): SearchCall {
  return async (args) => {
    await waitUntilInSync(
      engine,
      rootDir,
      effectiveExclude(config.exclude, config.roots[0]?.leaveOut),
    );
    return searchByTime(args, { config, engine: ask });
  };
}

/** Resolves once the engine's index equals a fresh crawl of the folder (5 s at most, scaled). */
export async function waitUntilInSync(
  engine: SearchEngine,
  rootDir: string,
  exclude: string[],
): Promise<void> {
  const deadline = Date.now() + scaled(5_000);
  let difference = 'not started';
  while (Date.now() < deadline) {
    await engine.idle();
    const held = engine.indexOf(rootDir);
    const status = engine.status().find((f) => f.path === rootDir);
    if (held && status?.state === 'ready') {
      const fresh = new FolderIndex();
      await crawlInto(fresh, {
        rootReal: rootDir,
        rootId: null,
        rel: '',
        exclude,
        access: NODE_LISTING,
      });
      difference = differenceOf(held, fresh);
      if (difference === '') return;
    } else difference = `folder ${status?.state ?? 'missing'}`;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error(`the engine did not catch up with the disk in time: ${difference}`);
}

/**
 * '' when two indexes hold the same tree (names, kinds, times, flags, uncounted names), and the
 * first's summaries cover the second's.
 */
export function differenceOf(a: FolderIndex, b: FolderIndex): string {
  const stack: Array<[number, number, string]> = [[ROOT_ID, ROOT_ID, '']];
  while (stack.length > 0) {
    const [ia, ib, rel] = stack.pop()!;
    if (a.flags[ia] !== b.flags[ib]) return `${rel}: flags ${a.flags[ia]} vs ${b.flags[ib]}`;
    if ((a.invalidNames.get(ia) ?? 0) !== (b.invalidNames.get(ib) ?? 0))
      return `${rel}: names that are not UTF-8`;
    if (ia !== ROOT_ID) {
      if (a.kind[ia] !== b.kind[ib]) return `${rel}: kind`;
      if (a.mtime[ia] !== b.mtime[ib] || a.btime[ia] !== b.btime[ib])
        return `${rel}: times ${a.mtime[ia]}/${a.btime[ia]} vs ${b.mtime[ib]}/${b.btime[ib]} (kind ${a.kind[ia]})`;
      if (a.kind[ia] !== 2 && a.sizeOf(ia) !== b.sizeOf(ib)) return `${rel}: size`;
      if (a.fileKind[ia] !== b.fileKind[ib]) return `${rel}: kind code`;
    }
    if (a.kind[ia] === 2) {
      const sa = a.slot[ia]!;
      const sb = b.slot[ib]!;
      for (const key of [
        'files',
        'dirs',
        'unreadable',
        'notEntered',
        'statFailed',
        'invalid',
        'unknownBirth',
      ] as const) {
        if (a.sub[key][sa] !== b.sub[key][sb])
          return `${rel || '(root)'}: subtree ${key} ${a.sub[key][sa]} vs ${b.sub[key][sb]}`;
      }
      // Ranges may be wider than the disk's (they never narrow), never narrower.
      if (a.sub.maxM[sa]! < b.sub.maxM[sb]! || a.sub.minM[sa]! > b.sub.minM[sb]!)
        return `${rel || '(root)'}: modified range too narrow`;
      if (a.sub.maxB[sa]! < b.sub.maxB[sb]! || a.sub.minB[sa]! > b.sub.minB[sb]!)
        return `${rel || '(root)'}: created range too narrow`;
      if (a.sub.height[sa]! < b.sub.height[sb]!) return `${rel || '(root)'}: height too low`;
      // So may the kinds and sizes of the files below (subtree-kinds.ts).
      if ((a.sub.kindBits[sa]! & b.sub.kindBits[sb]!) !== b.sub.kindBits[sb])
        return `${rel || '(root)'}: kinds below missing`;
      if (a.sub.maxSize[sa]! < b.sub.maxSize[sb]! || a.sub.minSize[sa]! > b.sub.minSize[sb]!)
        return `${rel || '(root)'}: size range too narrow`;
    }
    const ca = a.childrenOf(ia) ?? [];
    const cb = b.childrenOf(ib) ?? [];
    const na = ca.map((id) => a.nameOf(id)).join('/');
    const nb = cb.map((id) => b.nameOf(id)).join('/');
    if (na !== nb) return `${rel || '(root)'}: children [${na}] vs [${nb}]`;
    for (let i = 0; i < ca.length; i++) {
      if (a.kind[ca[i]!] === KIND_FREE) return `${rel}: a freed entry is listed`;
      stack.push([ca[i]!, cb[i]!, rel === '' ? a.nameOf(ca[i]!) : `${rel}/${a.nameOf(ca[i]!)}`]);
    }
  }
  return '';
}
