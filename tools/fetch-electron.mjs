// Root postinstall: try to fetch the Electron binary, and only warn when that fails.
// Electron's own install script is denied in package.json ("allowScripts") so that `npm ci`
// succeeds on machines without internet access; without the binary FolderGate runs headless.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

function electronDir() {
  try {
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const dir = electronDir();
if (!dir) {
  // Production install without devDependencies: nothing to fetch.
  process.exit(0);
}
if (process.env.FOLDERGATE_SKIP_ELECTRON_DOWNLOAD === '1') {
  console.warn(
    'foldergate: FOLDERGATE_SKIP_ELECTRON_DOWNLOAD=1, not fetching the Electron binary.',
  );
  process.exit(0);
}
const installer = path.join(dir, 'install.js');
if (!existsSync(installer)) process.exit(0);
const result = spawnSync(process.execPath, [installer], {
  cwd: dir,
  stdio: ['ignore', 'inherit', 'pipe'],
  timeout: 120_000,
  encoding: 'utf8',
});
if (result.status === 0) {
  console.warn('foldergate: Electron binary is installed; `npm start` opens the desktop app.');
} else {
  const lines = (result.stderr || result.error?.message || '').split('\n').map((l) => l.trim());
  const reason =
    lines.find((l) => /error/i.test(l)) || lines.find(Boolean) || `exit ${result.status}`;
  console.warn(
    `foldergate: warning: could not fetch the Electron binary (${reason}).\n` +
      'foldergate: that is fine: tests and the headless app run without it.',
  );
}
process.exit(0);
