// The updater behind a small interface: the update service (update-service.ts) decides when to
// check, what to tell the person and when a restart may happen; the port only checks the feed,
// downloads (the updater verifies the sha512 the feed gives) and installs. The desktop app gives
// electron-updater's `autoUpdater` (main/electron/updates.ts); the tests give the same
// electron-updater class run under plain Node against a local HTTP feed (testing/updates/).
import type { AppUpdater, UpdateInfo } from 'electron-updater';

/** A newer version on the feed. */
export interface FoundUpdate {
  version: string;
  /** What changed, as plain text. */
  notes: string | null;
  date: string | null;
}

/** What the service needs of an updater. */
export interface UpdaterPort {
  /** The feed's newest version when it is newer than this one, else null. */
  check(): Promise<FoundUpdate | null>;
  /** Downloads what check() found and verifies it; rejects when it does not match. */
  download(onProgress: (percent: number) => void): Promise<void>;
  /** Quits the app, installs the download and starts the new version. */
  install(): void;
}

/** Release notes as plain text: the feed gives HTML, or one note per version. */
export function notesText(notes: UpdateInfo['releaseNotes']): string | null {
  const text = Array.isArray(notes)
    ? notes.map((n) => `${n.version}: ${n.note ?? ''}`).join('\n')
    : (notes ?? '');
  const plain = text
    .replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return plain === '' ? null : plain.slice(0, 4000);
}

/**
 * An electron-updater updater as a port: it never downloads or installs on its own (the service
 * says when), and installs on quit only where no AI app can hold the program (not on Windows,
 * where the service first asks the person to quit the AI apps that run it).
 */
export function portFromAppUpdater(updater: AppUpdater, platform: NodeJS.Platform): UpdaterPort {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = platform !== 'win32';
  // The whole file every time: a differential download needs the old version's blockmap, and the
  // whole file is what the feed's sha512 is of.
  updater.disableDifferentialDownload = true;
  return {
    async check() {
      const result = await updater.checkForUpdates();
      if (!result?.isUpdateAvailable) return null;
      const info = result.updateInfo;
      return {
        version: info.version,
        notes: notesText(info.releaseNotes),
        date: info.releaseDate || null,
      };
    },
    async download(onProgress) {
      const listener = (progress: { percent: number }) => onProgress(progress.percent);
      updater.on('download-progress', listener);
      try {
        await updater.downloadUpdate();
      } finally {
        updater.off('download-progress', listener);
      }
    },
    install() {
      // Windows: the installer runs without its pages, into the same folder; then the new
      // version starts (elsewhere `isSilent` has no effect).
      updater.quitAndInstall(true, true);
    },
  };
}
