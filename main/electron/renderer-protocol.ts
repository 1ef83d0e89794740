// Serves renderer/dist on app://foldergate/ with the CSP and the same segment-checked file lookup
// as the headless host. The scheme is registered as standard and secure before the app is ready.
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { CONTENT_SECURITY_POLICY } from '#core/security/csp.js';
import { resolveStaticFile } from '#core/security/static-files.js';
import { APP_HOST, APP_SCHEME } from './app-url.js';

/** Registers the app:// scheme's privileges; must run before the `ready` event. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Answers app:// requests from `rendererDir`. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const headers = {
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    };
    const file =
      url.host === APP_HOST && request.method === 'GET'
        ? await resolveStaticFile(rendererDir, url.pathname)
        : null;
    if (!file) {
      const missing = url.pathname === '/' || url.pathname === '/index.html';
      const text = missing
        ? 'The FolderGate window is not built yet: run `npm run build`.'
        : 'Not found.';
      return new Response(text, {
        status: 404,
        headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    return new Response(await readFile(file.path), {
      status: 200,
      headers: { ...headers, 'Content-Type': file.contentType },
    });
  });
}
