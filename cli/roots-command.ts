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
    return [
      'No folders are allowed yet: AI apps cannot search anything.',
      'Add one with: foldergate roots add <folder> [--name <name>]',
    ];
  }
  const width = Math.min(30, Math.max(...roots.map((r) => r.name.length)));
  const lines = [`Folders AI apps may search (${settingsFile}):`, ''];
  for (const root of roots) {
    const state =
      root.state === 'ok'
        ? ''
        : `  [${root.state === 'replaced' ? 'moved or replaced' : root.state}]`;
    lines.push(`  ${root.isDefault ? '*' : ' '} ${root.name.padEnd(width)}  ${root.path}${state}`);
    if (root.state === 'replaced') {
      lines.push(
        `      ! This is no longer the folder you chose${root.nowAt !== null && root.nowAt !== root.path ? ` (it now leads to ${root.nowAt})` : ''}: AI apps cannot search it.`,
        `        If the folder there now is the one you want: foldergate roots confirm ${JSON.stringify(root.name)}`,
      );
    }
    for (const warning of root.warnings) lines.push(`      ! ${warning}`);
  }
  lines.push('', '  * = default folder');
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
  if (loaded.problem) io.err(`Note: ${loaded.problem}`);
  const roots = createRootsService(store);
  // A change can bring news of its own (an unusable file was kept aside): say so once.
  const noteChange = () => {
    const problem = store.view().problem;
    if (problem && problem !== loaded.problem) io.err(`Note: ${problem}`);
  };
  try {
    if (command.kind === 'roots-list') {
      for (const line of formatRoots(await roots.list(), store.file)) io.out(line);
      return 0;
    }
    if (command.kind === 'settings-start-over') {
      if (!store.view().canStartOver) {
        io.out(`The settings file can be used: nothing to start over (${store.file}).`);
        return 0;
      }
      await store.startOver();
      noteChange();
      io.out('FolderGate starts over from default settings: no folder is allowed now.');
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
      io.out(`Added '${added?.name}': ${added?.path}`);
      for (const warning of added?.warnings ?? []) io.err(`Warning: ${warning}`);
      io.out('AI apps connected to FolderGate can search it from their next request.');
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
        `AI apps may now search the folder at '${confirmed?.name ?? command.dir}': ${confirmed?.path ?? target}.`,
      );
      return 0;
    }
    await roots.remove(target);
    noteChange();
    io.out(
      `Removed '${removed?.name ?? command.dir}': AI apps can no longer search ${removed?.path ?? target}.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof IpcError) {
      const fix =
        error.code === 'NotFound'
          ? 'See the allowed folders with: foldergate roots list'
          : error.code === IPC_ERROR_CODES.settingsUnusable
            ? `Fix ${store.file} in a text editor, or start over with default settings (the file is kept aside as settings.corrupt-<time>.json): foldergate settings start-over`
            : error.fix;
      const subject =
        command.kind === 'roots-list' || command.kind === 'settings-start-over'
          ? ''
          : ` (${path.resolve(io.cwd, command.dir)})`;
      io.err(`Error: ${error.message}${subject}`);
      if (fix) io.err(`  ${fix}`);
      return 1;
    }
    throw error;
  }
}
