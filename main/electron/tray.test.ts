import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pixelAt, readPng } from '#testing/png-file.js';
import type { PngPixels } from '#testing/png-file.js';
import type { TrayTheme } from './tray-icon.js';
import { trayIconDir, trayIconFiles, trayIconPngs, trayTheme } from './tray-icon.js';
import type { ActivityRecord } from '#shared/activity/activity.js';
import { createActivityNoticeGate } from './activity-notice.js';
import { trayCallLines, trayMenuTemplate, trayTooltip } from './tray-menu.js';
import '#shared/i18n/all-languages.js';
import { setLanguage } from '#shared/i18n/i18n.js';
import type { UpdateState } from '#shared/updates/updates.js';

// The committed icons, found the way the bundle finds them (from main/electron/dist).
const iconDir = trayIconDir(fileURLToPath(new URL('./dist', import.meta.url)));
const themes: TrayTheme[] = ['light', 'dark', 'template'];
const icon2x = (paused: boolean, theme: TrayTheme): PngPixels =>
  readPng(trayIconPngs(iconDir, { paused, theme }).find((p) => p.scaleFactor === 2)!.png);
const alpha = (image: PngPixels, x: number, y: number) => pixelAt(image, x, y)[3];

describe('tray icon', () => {
  it('has every variant at 1x, 1.5x and 2x, sized 16, 24 and 32 px', () => {
    expect(iconDir).toBe(path.resolve('main/electron/resources/icons/tray'));
    for (const theme of themes)
      for (const paused of [false, true]) {
        const files = trayIconFiles(iconDir, { paused, theme });
        expect(files.map((f) => path.basename(f.file))).toEqual(
          ['', '@1.5x', '@2x'].map((s) => `${paused ? 'paused' : 'on'}-${theme}${s}.png`),
        );
        for (const { scaleFactor, file } of files) {
          expect(existsSync(file), file).toBe(true);
          const image = readPng(readFileSync(file));
          expect([image.width, image.height]).toEqual([16 * scaleFactor, 16 * scaleFactor]);
        }
      }
  });

  it('carries an orange dot while an AI app waits for an answer (light and dark bars)', () => {
    for (const theme of themes) {
      const files = trayIconFiles(iconDir, { paused: false, theme, waiting: true });
      expect(files.map((f) => path.basename(f.file))).toEqual(
        ['', '@1.5x', '@2x'].map((s) => `waiting-${theme}${s}.png`),
      );
      for (const { file } of files) expect(existsSync(file), file).toBe(true);
      // Paused wins: no request is asked while access is paused.
      expect(trayIconFiles(iconDir, { paused: true, theme, waiting: true })[0]!.file).toMatch(
        /paused-/,
      );
    }
    const waiting = readPng(
      trayIconPngs(iconDir, { paused: false, theme: 'light', waiting: true }).find(
        (p) => p.scaleFactor === 2,
      )!.png,
    );
    const on = icon2x(false, 'light');
    // The dot's centre (12.5, 3.5 of 16 → 25, 7 at 2x): orange where the plain icon is blue.
    const [r, , b, a] = pixelAt(waiting, 25, 7);
    expect(a).toBe(255);
    expect(r).toBeGreaterThan(150);
    expect(b).toBeLessThan(80);
    expect(pixelAt(on, 25, 7)[2]).toBeGreaterThan(150);
  });

  it('shows a pause sign instead of the shield while paused, in every theme', () => {
    for (const theme of themes) {
      const on = icon2x(false, theme);
      const paused = icon2x(true, theme);
      // Between the pause bars: the shield's hole when on, solid folder when paused.
      expect([alpha(on, 16, 18), alpha(paused, 16, 18)]).toEqual([0, 255]);
      // On the left pause bar: solid folder beside the shield when on, a hole when paused.
      expect([alpha(on, 11, 23), alpha(paused, 11, 23)]).toEqual([255, 0]);
      // Outside the folder: transparent either way.
      expect([alpha(on, 0, 0), alpha(paused, 0, 0)]).toEqual([0, 0]);
    }
  });

  it('is blue when on and grey when paused, lighter for dark bars, black for macOS', () => {
    const [r, g, b] = pixelAt(icon2x(false, 'light'), 4, 18);
    expect(b! - r!).toBeGreaterThan(100);
    const [pr, , pb] = pixelAt(icon2x(true, 'light'), 4, 18);
    expect(Math.abs(pb! - pr!)).toBeLessThan(30);
    const luminance = (rgba: number[]) => rgba[0]! + rgba[1]! + rgba[2]!;
    for (const paused of [false, true])
      expect(luminance(pixelAt(icon2x(paused, 'dark'), 4, 18))).toBeGreaterThan(
        luminance(pixelAt(icon2x(paused, 'light'), 4, 18)) + 150,
      );
    expect(g).toBeLessThan(b!);
    for (const paused of [false, true]) {
      const template = icon2x(paused, 'template');
      for (let i = 0; i < template.rgba.length; i += 4)
        expect([...template.rgba.subarray(i, i + 3)]).toEqual([0, 0, 0]);
    }
  });

  it('uses template images on macOS and follows dark mode elsewhere', () => {
    expect(trayTheme('darwin', false)).toBe('template');
    expect(trayTheme('darwin', true)).toBe('template');
    expect(trayTheme('win32', true)).toBe('dark');
    expect(trayTheme('linux', false)).toBe('light');
  });
});

describe('tray menu', () => {
  it('offers Open, a Pause checkbox reflecting the settings, and Quit', () => {
    const calls: string[] = [];
    const actions = {
      open: () => calls.push('open'),
      setPaused: (p: boolean) => calls.push(`paused=${p}`),
      quit: () => calls.push('quit'),
      restartToUpdate: () => calls.push('restart'),
    };
    const menu = trayMenuTemplate(true, actions).filter(
      (item) => item.type !== 'separator' && item.enabled !== false,
    );
    expect(menu.map((item) => item.label)).toEqual(['Open FolderGate', 'Pause AI access', 'Quit']);
    expect(menu[1]).toMatchObject({ type: 'checkbox', checked: true });
    expect(trayMenuTemplate(false, actions).find((item) => item.id === 'pause')?.checked).toBe(
      false,
    );
    const click = (index: number, checked = false) =>
      (menu[index]!.click as (item: { checked: boolean }) => void)({ checked });
    click(0);
    click(1, false);
    click(2);
    expect(calls).toEqual(['open', 'paused=false', 'quit']);
  });

  it('says when AI access is paused', () => {
    expect(trayTooltip(true)).toMatch(/paused/);
    expect(trayTooltip(false)).not.toMatch(/paused/);
  });
});

/** A record as a server writes it (only what the tray reads varies). */
function call(over: Partial<ActivityRecord>): ActivityRecord {
  return {
    v: 1,
    time: '2025-06-10T12:05:00.000Z',
    durationMs: 12,
    pid: 1,
    client: { name: 'claude-ai', version: '1.0' },
    tool: 'fs.search_by_time',
    outcome: 'ok',
    errorCode: null,
    errorMessage: null,
    security: false,
    args: { root: 'Documents', timeField: 'modified', glob: '**/*.pdf' },
    search: {
      root: 'Documents',
      matchCount: 12,
      partial: false,
      scannedFiles: 40,
      scannedDirectories: 3,
      paths: [],
    },
    ...over,
  };
}

describe('tray: the last calls', () => {
  const now = Date.parse('2025-06-10T12:10:00Z');
  const actions = {
    open: () => undefined,
    setPaused: () => undefined,
    quit: () => undefined,
    restartToUpdate: () => undefined,
  };

  it('lists the last five calls in plain words, newest first, refusals marked in text', () => {
    const records = [
      call({ time: '2025-06-10T12:09:00.000Z' }),
      call({
        time: '2025-06-10T12:08:00.000Z',
        client: { name: 'cursor', version: '1' },
        outcome: 'error',
        errorCode: 'PathTraversalDetected',
        security: true,
      }),
      ...Array.from({ length: 5 }, () => call({ time: '2025-06-10T11:00:00.000Z' })),
    ];
    const lines = trayCallLines(records, { now, timeZone: 'UTC' });
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('12:09  Claude Desktop looked for PDF files in Documents — 12 files');
    expect(lines[1]).toBe(
      "12:08  ⚠ Cursor's search in Documents was refused: it tried to leave the allowed folder",
    );
    const menu = trayMenuTemplate(false, actions, lines);
    expect(menu.map((item) => item.label ?? item.type)).toEqual([
      'Open FolderGate',
      'separator',
      'Last calls by AI apps',
      ...lines,
      'separator',
      'Pause AI access',
      'separator',
      'Quit',
    ]);
    expect(menu.find((i) => i.id === 'recent-title')?.enabled).toBe(false);
    expect(menu.every((i) => (i.label?.length ?? 0) <= 90)).toBe(true);
  });

  it('says so when no AI app has called yet, and puts the last call in the tooltip', () => {
    const menu = trayMenuTemplate(false, actions, []);
    expect(menu.find((i) => i.id === 'recent-none')).toMatchObject({
      label: 'No AI app has used FolderGate yet',
      enabled: false,
    });
    const [last] = trayCallLines([call({})], { now, timeZone: 'UTC' });
    const tooltip = trayTooltip(false, last);
    expect(tooltip).toBe(
      'FolderGate: AI apps can search your allowed folders\nLast: 12:05  Claude Desktop looked for PDF files in Documents — 12 files',
    );
    expect(trayTooltip(true, 'x'.repeat(300)).length).toBeLessThanOrEqual(127);
  });
});

describe('desktop notification for AI activity', () => {
  it('is off unless switched on, skips the preview, and shows at most one per interval', () => {
    const gate = createActivityNoticeGate(30_000);
    const t = Date.parse('2025-06-10T12:10:00Z');
    expect(gate.next([call({})], false, t)).toBeNull();
    const preview = call({ client: { name: 'FolderGate preview', version: '1' } });
    expect(gate.next([preview], true, t)).toBeNull();
    expect(gate.next([call({})], true, t)).toEqual({
      title: 'Claude Desktop used FolderGate',
      body: 'Claude Desktop looked for PDF files in Documents — 12 files',
    });
    expect(gate.next([call({}), call({})], true, t + 1_000)).toBeNull();
    const later = gate.next(
      [call({ outcome: 'error', errorCode: 'RootNotAllowed', security: true })],
      true,
      t + 31_000,
    );
    expect(later?.title).toBe('Claude Desktop: a request was refused');
    expect(later?.body).toMatch(
      /was refused: it asked for a folder you have not allowed — and 2 more$/,
    );
  });
});

describe('the tray and notifications in Korean', () => {
  const now = Date.parse('2025-06-10T12:10:00Z');
  const actions = {
    open: () => undefined,
    setPaused: () => undefined,
    quit: () => undefined,
    restartToUpdate: () => undefined,
  };

  it('speak the person’s language: menu, tooltip, waiting requests and notifications', () => {
    setLanguage('ko');
    try {
      const lines = trayCallLines([call({})], { now, timeZone: 'UTC' });
      expect(lines[0]).toBe('12:05  Claude Desktop: Documents에서 PDF 파일 검색 — 파일 12개');
      const menu = trayMenuTemplate(true, actions, lines, 2);
      expect(menu.map((item) => item.label ?? item.type)).toEqual([
        'FolderGate 열기',
        'separator',
        '답을 기다리는 AI 요청 2개…',
        'separator',
        'AI 앱의 최근 호출',
        ...lines,
        'separator',
        'AI 접근 일시 중지',
        'separator',
        '종료',
      ]);
      expect(trayTooltip(true)).toBe('FolderGate: AI 접근이 일시 중지되었습니다');
      const notice = createActivityNoticeGate(30_000).next([call({})], true, now);
      expect(notice?.title).toBe('Claude Desktop이 FolderGate를 사용했습니다');
    } finally {
      setLanguage('en');
    }
  });
});

describe('tray: a downloaded update', () => {
  const ready: UpdateState = {
    current: '0.1.0',
    unsupported: null,
    phase: 'ready',
    available: { version: '0.2.0', notes: null, date: null },
    progress: null,
    checkedAt: '2026-11-27T09:00:00.000Z',
    nextCheckAt: null,
    problem: null,
    restartRequested: false,
    waitingFor: [],
    runningApps: 'keeps-running',
  };

  it('offers "Restart to update to 0.2.0" just above Quit, and nothing before it is ready', () => {
    const calls: string[] = [];
    const actions = {
      open: () => void calls.push('open'),
      setPaused: () => undefined,
      quit: () => undefined,
      restartToUpdate: () => void calls.push('restart'),
    };
    const labels = (update: UpdateState) =>
      trayMenuTemplate(false, actions, [], 0, update).map((i) => i.label ?? i.type);
    expect(labels({ ...ready, phase: 'downloading', progress: 40 })).not.toContain(
      'Restart to update to 0.2.0',
    );
    expect(labels(ready).slice(-3)).toEqual(['Restart to update to 0.2.0', 'separator', 'Quit']);
    const item = trayMenuTemplate(false, actions, [], 0, ready).find((i) => i.id === 'update')!;
    (item.click as () => void)();
    expect(calls).toEqual(['restart']);
    // Asked, and waiting for an approval: the menu says it waits, and opens the window to say why.
    const waiting = {
      ...ready,
      restartRequested: true,
      waitingFor: [{ kind: 'approval' as const, count: 1 }],
    };
    const line = trayMenuTemplate(false, actions, [], 1, waiting).find(
      (i) => i.id === 'update-waiting',
    )!;
    expect(line.label).toBe('Update to 0.2.0 waits — open FolderGate to see why');
    (line.click as () => void)();
    expect(calls).toEqual(['restart', 'open']);
    setLanguage('ko');
    try {
      expect(labels(ready)).toContain('다시 시작해서 0.2.0 버전으로 업데이트');
    } finally {
      setLanguage('en');
    }
  });
});
