// "Start at login" on Linux: an XDG autostart entry, ~/.config/autostart/foldergate.desktop.
// It runs $APPIMAGE when set, because an AppImage's process.execPath points into a temporary
// mount that changes on every launch. Pure text building plus small file helpers (no Electron).
import fs from 'node:fs/promises';
import path from 'node:path';

/** The argument FolderGate gets when started at login: start in the tray, no window. */
export const HIDDEN_ARG = '--hidden';

/** The program the autostart entry runs: the AppImage file when there is one. */
export function linuxLaunchCommand(env: NodeJS.ProcessEnv, execPath: string): string {
  const appImage = env.APPIMAGE;
  return appImage && path.isAbsolute(appImage) ? appImage : execPath;
}

/** Where the autostart entry lives: $XDG_CONFIG_HOME/autostart, else ~/.config/autostart. */
export function autostartFilePath(env: NodeJS.ProcessEnv, home: string): string {
  const config =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : path.join(home, '.config');
  return path.join(config, 'autostart', 'foldergate.desktop');
}

/**
 * One argument of an Exec line (Desktop Entry spec): quoted when it holds reserved characters,
 * with ", `, $ and \ escaped inside the quotes; then backslashes doubled again (Exec is a
 * string value, where line breaks and tabs become \n \r \t) and % written as %% (field codes).
 */
export function quoteExecArg(arg: string): string {
  const quoted = /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)
    ? arg
    : `"${arg.replace(/["`$\\]/g, (c) => `\\${c}`)}"`;
  return quoted
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/%/g, '%%');
}

/** The text of the autostart .desktop file. */
export function linuxAutostartEntry(command: string, args: string[] = [HIDDEN_ARG]): string {
  const exec = [command, ...args].map(quoteExecArg).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    'Name=FolderGate',
    'Comment=Lets your local AI apps search the folders you choose',
    `Exec=${exec}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** True when the autostart entry exists. */
export async function isLinuxAutostartEnabled(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Writes (atomically) or removes the autostart entry; returns the new state. */
export async function setLinuxAutostart(
  file: string,
  enabled: boolean,
  text: string,
): Promise<boolean> {
  if (!enabled) {
    await fs.rm(file, { force: true });
    return false;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, text, { mode: 0o644 });
  await fs.rename(temp, file);
  return true;
}
