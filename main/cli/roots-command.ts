// `foldergate roots list|add|remove|confirm` and `foldergate settings start-over`: edits the
// allowed folders from a terminal through the same settings store and roots service as the app
// (same checks, same messages, same file).
import fs from 'node:fs';
import path from 'node:path';
import { IPC_ERROR_CODES, ipcContract, IpcError } from '#shared/contract/ipc.js';
import type { RootView } from '#shared/contract/ipc.js';
import { appDataDir } from '#appdata/paths.js';
import { createRootsService } from '#core/folders/folders-service.js';
import { createSettingsStore } from '#appdata/settings/settings-store.js';
import type { CliCommand } from './args.js';
import { t } from '#shared/i18n/i18n.js';
import { errorWords } from './cli-language.js';

/** Where the command reads and writes, and where it prints. */
export interface RootsIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  out(line: string): void;
  err(line: string): void;
}

/** The roots table as lines of text. */
export function formatRoots(roots: RootView[], settingsFile: string): string[] {
  if (roots.length === 0) {
    return [t('cli.roots.none'), t('cli.roots.addHint')];
  }
  const width = Math.min(30, Math.max(...roots.map((r) => r.name.length)));
  const lines = [t('cli.roots.title', { file: settingsFile }), ''];
  for (const root of roots) {
    const state =
      root.state === 'ok'
        ? ''
        : `  [${root.state === 'replaced' ? t('cli.roots.replacedState') : root.state}]`;
    lines.push(`  ${root.isDefault ? '*' : ' '} ${root.name.padEnd(width)}  ${root.path}${state}`);
    if (root.state === 'replaced') {
      lines.push(
        `      ! ${t('cli.roots.notChosen', {
          nowAt:
            root.nowAt !== null && root.nowAt !== root.path
              ? t('cli.roots.nowAt', { path: root.nowAt })
              : '',
        })}`,
        `        ${t('cli.roots.confirmHint', { name: JSON.stringify(root.name) })}`,
      );
    }
    for (const warning of root.warnings) lines.push(`      ! ${warning}`);
  }
  lines.push('', t('cli.roots.defaultMark'));
  return lines;
}

function realOrResolved(input: string, cwd: string): string {
  const resolved = path.resolve(cwd, input);
  try {
    return fs.realpathSync(resolved);
  } catch {
    return resolved;
  }
}

/** Runs one roots command (or `settings start-over`); resolves with the exit code. */
export async function runRoots(
  command: Extract<CliCommand, { kind: `roots-${string}` | 'settings-start-over' }>,
  io: RootsIo,
): Promise<number> {
  const store = createSettingsStore(appDataDir(io.env));
  const loaded = await store.load();
  if (loaded.problem) io.err(t('cli.roots.note', { problem: loaded.problem }));
  const roots = createRootsService(store);
  // A change can bring news of its own (an unusable file was kept aside): say so once.
  const noteChange = () => {
    const problem = store.view().problem;
    if (problem && problem !== loaded.problem) io.err(t('cli.roots.note', { problem }));
  };
  try {
    if (command.kind === 'roots-list') {
      for (const line of formatRoots(await roots.list(), store.file)) io.out(line);
      return 0;
    }
    if (command.kind === 'settings-start-over') {
      if (!store.view().canStartOver) {
        io.out(t('cli.roots.usable', { file: store.file }));
        return 0;
      }
      await store.startOver();
      noteChange();
      io.out(t('cli.roots.startedOver'));
      return 0;
    }
    if (command.kind === 'roots-add') {
      const request = {
        path: path.resolve(io.cwd, command.dir),
        ...(command.name === undefined ? {} : { name: command.name }),
      };
      const parsed = ipcContract['roots:add'].request.safeParse(request);
      if (!parsed.success)
        throw new IpcError(
          'InvalidPayload',
          parsed.error.issues[0]?.message ?? 'Invalid folder or name.',
          'Check the folder path and the --name.',
        );
      const list = await roots.add(parsed.data.path, parsed.data.name);
      const added = list[list.length - 1];
      noteChange();
      io.out(t('cli.roots.added', { name: added?.name ?? '', path: added?.path ?? '' }));
      for (const warning of added?.warnings ?? []) io.err(t('cli.roots.warning', { warning }));
      io.out(t('cli.roots.nextRequest'));
      return 0;
    }
    // remove and confirm: by path (as typed, or its realpath), else by name.
    const current = store.view().settings.roots;
    const typed = path.resolve(io.cwd, command.dir);
    const real = realOrResolved(command.dir, io.cwd);
    const byName = current.find((r) => r.name.toLowerCase() === command.dir.trim().toLowerCase());
    const target =
      current.find((r) => r.path === typed || r.path === real)?.path ?? byName?.path ?? real;
    const removed = current.find((r) => r.path === target);
    if (command.kind === 'roots-confirm') {
      const list = await roots.confirm(target);
      const confirmed = list.find((r) => r.path === target);
      noteChange();
      io.out(
        t('cli.roots.confirmed', {
          name: confirmed?.name ?? command.dir,
          path: confirmed?.path ?? target,
        }),
      );
      return 0;
    }
    await roots.remove(target);
    noteChange();
    io.out(
      t('cli.roots.removed', { name: removed?.name ?? command.dir, path: removed?.path ?? target }),
    );
    return 0;
  } catch (error) {
    if (error instanceof IpcError) {
      const words = errorWords(error);
      const fix =
        error.code === 'NotFound'
          ? t('cli.roots.listHint')
          : error.code === IPC_ERROR_CODES.settingsUnusable
            ? t('cli.roots.fixSettings', { file: store.file })
            : words.fix;
      const subject =
        command.kind === 'roots-list' || command.kind === 'settings-start-over'
          ? ''
          : ` (${path.resolve(io.cwd, command.dir)})`;
      io.err(t('cli.error', { message: `${words.message}${subject}` }));
      if (fix) io.err(`  ${fix}`);
      return 1;
    }
    throw error;
  }
}
