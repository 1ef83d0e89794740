import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leaveOutSchema } from '#shared/settings/leave-out.js';
import { compileExclusion, effectiveExclude, idKey, startLeftOut } from './leave-out.js';
import { checkMatchesOnDisk } from './verify-matches.js';
import { walkTree } from './walker.js';

const leaveOut = (folders: { rel: string; id?: { dev: string; ino: string } }[], names: string[]) =>
  leaveOutSchema.parse({ folders, names });

describe('the effective exclusion of a root', () => {
  it('anchors a left-out subfolder at the root: Taxes at the top does not hide Work/Taxes', () => {
    const x = compileExclusion(effectiveExclude([], leaveOut([{ rel: 'Taxes' }], [])), '')!;
    expect(x('Taxes')).toBe(true);
    expect(x('Taxes/2024/return.pdf')).toBe(true);
    expect(x('Work/Taxes')).toBe(false);
    expect(x('Work/Taxes/a.pdf')).toBe(false);
    expect(x('Taxes2')).toBe(false);
    expect(x('TaxesX/a')).toBe(false);
  });

  it('reads paths relative to the start folder against the root', () => {
    const ex = effectiveExclude([], leaveOut([{ rel: 'Work/Taxes' }], []));
    const fromWork = compileExclusion(ex, 'Work')!;
    expect(fromWork('Taxes')).toBe(true);
    expect(fromWork('Taxes/x.pdf')).toBe(true);
    expect(fromWork('Other/Taxes')).toBe(false);
    expect(compileExclusion(ex, '')!('Taxes')).toBe(false);
  });

  it('matches name patterns against each entry’s own name at any depth', () => {
    const x = compileExclusion(effectiveExclude([], leaveOut([], ['node_modules', '.*'])), '')!;
    expect(x('node_modules')).toBe(true);
    expect(x('a/b/node_modules')).toBe(true);
    expect(x('a/.git')).toBe(true);
    expect(x('.ssh')).toBe(true);
    expect(x('a/node_modules_x')).toBe(false);
    expect(x('a/b.txt')).toBe(false);
  });

  it('keeps the settings’ globs, drops a hand-written marker, and lists identities', () => {
    const lo = leaveOut([{ rel: 'Private', id: { dev: '7', ino: '42' } }], ['tmp']);
    const ex = effectiveExclude(['*.log', '\0leave-out-folder:Work'], lo);
    const x = compileExclusion(ex, '')!;
    expect(x('a/b.log')).toBe(true);
    expect(x('Work/a.txt')).toBe(false);
    expect(x('Private/a')).toBe(true);
    expect(x('a/tmp')).toBe(true);
    expect([...x.leftOutIds!]).toEqual(['7:42']);
    expect(compileExclusion(effectiveExclude(['*.log'], undefined), '')!.leftOutIds).toBeNull();
    expect(compileExclusion(effectiveExclude([], undefined), '')).toBeUndefined();
  });

  it('refuses a start folder inside a left-out subfolder or name, never inside a global glob', () => {
    const ex = effectiveExclude(['Archive'], leaveOut([{ rel: 'Taxes' }], ['.git']));
    expect(startLeftOut(ex, ['Taxes'])).toBe(true);
    expect(startLeftOut(ex, ['Taxes', '2024'])).toBe(true);
    expect(startLeftOut(ex, ['code', '.git', 'objects'])).toBe(true);
    expect(startLeftOut(ex, ['Work', 'Taxes'])).toBe(false);
    expect(startLeftOut(ex, ['Archive'])).toBe(false);
    expect(startLeftOut(ex, [])).toBe(false);
  });

  it('refuses settings with a path that leaves the folder', () => {
    expect(leaveOutSchema.safeParse({ folders: [{ rel: '../x' }] }).success).toBe(false);
    expect(leaveOutSchema.safeParse({ folders: [{ rel: '/abs' }] }).success).toBe(false);
    expect(leaveOutSchema.safeParse({ names: ['a/b'] }).success).toBe(false);
    expect(leaveOutSchema.parse({})).toEqual({ folders: [], names: [] });
  });
});

describe('a left-out folder known by identity', () => {
  let base = '';
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  function tree(): { root: string; id: { dev: string; ino: string } } {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'fg-leave-'));
    const root = path.join(base, 'root');
    for (const f of ['Taxes/2024/return.pdf', 'Work/Taxes/memo.txt', 'Work/plan.txt', 'a.txt']) {
      fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
      fs.writeFileSync(path.join(root, f), 'x');
    }
    const st = fs.statSync(path.join(root, 'Taxes'), { bigint: true });
    return { root, id: { dev: st.dev.toString(), ino: st.ino.toString() } };
  }

  async function walk(root: string, exclude: string[], start = ''): Promise<string[]> {
    const seen: string[] = [];
    await walkTree({
      startReal: path.join(root, start),
      rootReal: root,
      maxDepth: 20,
      followSymlinks: false,
      after: null,
      until: null,
      limits: null,
      deadline: Infinity,
      isExcluded: compileExclusion(exclude, start),
      visit: (e) => (seen.push(e.rel), true),
    });
    return seen;
  }

  it('stays left out when renamed, moved deeper, and is refused as a start', async () => {
    const { root, id } = tree();
    const ex = effectiveExclude([], leaveOut([{ rel: 'Taxes', id }], []));
    expect(await walk(root, ex)).toEqual([
      'Work',
      'Work/Taxes',
      'Work/Taxes/memo.txt',
      'Work/plan.txt',
      'a.txt',
    ]);
    fs.renameSync(path.join(root, 'Taxes'), path.join(root, 'Work', 'Old'));
    const after = await walk(root, ex);
    expect(after.filter((r) => r.includes('Old') || r.includes('2024'))).toEqual([]);
    expect(after).toContain('Work/Taxes/memo.txt');
    await expect(walk(root, ex, 'Work/Old/2024')).rejects.toMatchObject({ code: 'EEXCLUDED' });
    // The check of an engine's matches refuses a match inside it, and the folder itself.
    const match = (rel: string, isDirectory: boolean) => {
      const st = fs.lstatSync(path.join(root, rel));
      return {
        rel,
        t: st.mtimeMs,
        isDirectory,
        size: st.size,
        mtimeMs: st.mtimeMs,
        birthtimeMs: st.birthtimeMs,
      };
    };
    const query = {
      timeField: 'modified' as const,
      fromMs: null,
      toMs: null,
      glob: null,
      includeFiles: true,
      includeDirectories: true,
      includeUnknownTime: true,
      fileTypes: null,
      kinds: null,
      minSize: null,
      maxSize: null,
    };
    const inside = [match('Work/Old/2024/return.pdf', false)];
    expect(checkMatchesOnDisk(root, null, [], inside, query, ex).unfit).toEqual([
      'Work/Old/2024/return.pdf',
    ]);
    expect(checkMatchesOnDisk(root, null, [], [match('Work/Old', true)], query, ex).unfit).toEqual([
      'Work/Old',
    ]);
    expect(checkMatchesOnDisk(root, null, [], [match('Work/plan.txt', false)], query, ex)).toEqual({
      changed: [],
      unfit: [],
    });
    expect(checkMatchesOnDisk(root, null, [], inside, query, []).unfit).toEqual([]);
  });

  it('is not reached through a followed link', async () => {
    const { root, id } = tree();
    fs.symlinkSync(path.join(root, 'Taxes'), path.join(root, 'Work', 'link'));
    fs.symlinkSync(path.join(root, 'Taxes', '2024', 'return.pdf'), path.join(root, 'file-link'));
    const ex = effectiveExclude([], leaveOut([{ rel: 'Taxes', id }], []));
    const seen: string[] = [];
    await walkTree({
      startReal: root,
      rootReal: root,
      maxDepth: 20,
      followSymlinks: true,
      after: null,
      until: null,
      limits: null,
      deadline: Infinity,
      isExcluded: compileExclusion(ex, ''),
      visit: (e) => (seen.push(e.rel), true),
    });
    expect(seen.filter((r) => r.includes('link') || r.includes('2024'))).toEqual([]);
    expect(idKey(id)).toBe(`${id.dev}:${id.ino}`);
  });
});
