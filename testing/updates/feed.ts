// An update feed on a local HTTP server, as electron-builder's generic provider publishes one
// (latest-linux.yml with the file's sha512, then the file), and electron-updater's own updater
// class run under plain Node against it: the same checks, download and sha512 verification as in
// the installed app, only with Node's http instead of Electron's net and an app description
// instead of Electron's `app`. Nothing here fakes the updater; only Electron is left out.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { AppImageUpdater, type AppUpdater } from 'electron-updater';
import * as runtime from 'builder-util-runtime';

/** A file of a release on the feed. */
export interface Release {
  version: string;
  notes?: string;
  /** The installer's bytes. */
  bytes: Buffer;
  /** Serve other bytes than the feed's sha512 describes (a corrupt download). */
  corrupt?: boolean;
}

/** The feed: its URL, what it serves, how often it was asked, and how to take it down. */
export interface LocalFeed {
  url: string;
  /** What latest-linux.yml announces (null: 404). */
  release: Release | null;
  /** Requests the server answered, by path. */
  requests: string[];
  close(): Promise<void>;
}

/** The name of the installer in the feed (version-free, as electron-builder.yml names it). */
export const FEED_FILE = 'FolderGate-x86_64.AppImage';

function latestYml(release: Release): string {
  const sha512 = crypto.createHash('sha512').update(release.bytes).digest('base64');
  return [
    `version: ${release.version}`,
    'files:',
    `  - url: ${FEED_FILE}`,
    `    sha512: ${sha512}`,
    `    size: ${release.bytes.length}`,
    `path: ${FEED_FILE}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-11-20T10:00:00.000Z'`,
    ...(release.notes ? [`releaseNotes: ${JSON.stringify(release.notes)}`] : []),
    '',
  ].join('\n');
}

/** Starts a feed on 127.0.0.1 serving `release`. */
export async function startFeed(release: Release | null): Promise<LocalFeed> {
  const feed: LocalFeed = { url: '', release, requests: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').split('?')[0]!.slice(1));
    feed.requests.push(name);
    const current = feed.release;
    if (current && name === 'latest-linux.yml') {
      res.setHeader('content-type', 'text/yaml');
      res.end(latestYml(current));
    } else if (current && name === FEED_FILE) {
      const bytes = current.corrupt ? Buffer.alloc(current.bytes.length, 0x2a) : current.bytes;
      res.setHeader('content-length', bytes.length);
      res.end(bytes);
    } else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  feed.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return feed;
}

/** electron-updater's HTTP executor for Node (Electron's uses its `net` module). */
class NodeHttpExecutor extends runtime.HttpExecutor<http.ClientRequest> {
  createRequest(options: http.RequestOptions, callback: (response: unknown) => void) {
    return (options.protocol === 'http:' ? http.request : https.request)(options, callback);
  }

  // As electron-updater's ElectronHttpExecutor.download, on Node's http.
  download(url: URL, destination: string, options: runtime.DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise<string>((resolve, reject, onCancel) => {
      const requestOptions: http.RequestOptions = { headers: options.headers ?? undefined };
      runtime.configureRequestUrl(url, requestOptions);
      runtime.configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

/**
 * electron-updater's AppImage updater for an installed FolderGate `version` whose feed is `url`,
 * its downloads in `cacheDir`. Its install (quitAndInstall) is never called by the tests: the
 * core's decision to install is what they observe.
 */
export function nodeUpdater(options: { url: string; version: string; dir: string }): AppUpdater {
  fs.mkdirSync(options.dir, { recursive: true });
  const config = path.join(options.dir, 'app-update.yml');
  fs.writeFileSync(
    config,
    `provider: generic\nurl: ${options.url}\nupdaterCacheDirName: foldergate-updater\n`,
  );
  // The AppImage being updated (AppImageUpdater replaces the file $APPIMAGE names on install).
  const appImage = path.join(options.dir, FEED_FILE);
  fs.writeFileSync(appImage, 'the installed version');
  process.env.APPIMAGE = appImage;
  const updater = new AppImageUpdater(null, {
    version: options.version,
    name: 'FolderGate',
    isPackaged: true,
    appUpdateConfigPath: config,
    userDataPath: options.dir,
    baseCachePath: path.join(options.dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  (updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor = new NodeHttpExecutor();
  updater.logger = null;
  return updater;
}
