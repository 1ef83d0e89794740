// The headless host's guards, seen from a browser: the token in the printed link is required on
// every API call (401 without it), requests naming another site are refused (403), the UI's own
// calls pass, and a page opened without its link says what to do.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.js';

/** POSTs from inside the page (same origin, so the browser sends no Origin it cannot forge). */
async function fetchFromPage(
  page: Page,
  path: string,
  init: { method?: string; token?: string } = {},
): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ({ path, method, token }) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token !== undefined) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(path, {
        method,
        headers,
        body: method === 'POST' ? '{}' : undefined,
      });
      return { status: response.status, body: await response.text() };
    },
    { path, method: init.method ?? 'POST', token: init.token },
  );
}

test('the UI calls the API with its token, and every call succeeds', async ({ page, host }) => {
  const calls: { url: string; status: number; auth: string | null; ok: unknown; at: number }[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/invoke/')) return;
    const body = (await response.json().catch(() => null)) as { ok?: unknown } | null;
    calls.push({
      url: response.url(),
      status: response.status(),
      auth: await response.request().headerValue('authorization'),
      ok: body?.ok,
      at: response.request().timing().startTime,
    });
  });
  const document = page.waitForResponse((r) => new URL(r.url()).pathname === '/');
  await openApp(page, host.url);
  // The page is served with the one Content-Security-Policy (no inline or eval'd script).
  const csp = (await document).headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  // The token leaves the address bar (it stays in this tab's sessionStorage).
  expect(page.url()).toBe(`${host.origin}/`);
  expect(await page.evaluate(() => sessionStorage.getItem('foldergate.token'))).toBe(host.token);

  await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
  expect(calls.map((c) => decodeURIComponent(new URL(c.url).pathname))).toEqual(
    expect.arrayContaining(['/api/invoke/app:info', '/api/invoke/settings:get']),
  );
  for (const call of calls) {
    expect(call, call.url).toMatchObject({ status: 200, auth: `Bearer ${host.token}`, ok: true });
  }

  // A reload keeps working without the link's #token. Calls the old page started are left out:
  // their bodies are gone with it (seen as a flake when one was still running at the reload).
  const reloadedAt = Date.now();
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
  await expect(page.getByTestId('first-run-start')).toBeVisible();
  const afterReload = () => calls.filter((c) => c.at >= reloadedAt);
  await expect.poll(() => afterReload().length).toBeGreaterThanOrEqual(1);
  expect(afterReload().every((c) => c.status === 200 && c.ok === true)).toBe(true);
});

test('API calls without the token, or with a wrong one, get 401', async ({ page, host }) => {
  await openApp(page, host.url);

  const missing = await fetchFromPage(page, '/api/invoke/settings:get');
  expect(missing.status).toBe(401);
  expect(missing.body).not.toContain('roots');
  const wrong = await fetchFromPage(page, '/api/invoke/settings:get', { token: 'x'.repeat(43) });
  expect(wrong.status).toBe(401);
  // The same call with the page's token passes: the refusals are about the token alone.
  const right = await fetchFromPage(page, '/api/invoke/settings:get', { token: host.token });
  expect(right.status).toBe(200);
  expect(JSON.parse(right.body)).toMatchObject({ ok: true });
  // A state-changing call without the token changes nothing.
  const pause = await page.evaluate(async () => {
    const response = await fetch('/api/invoke/settings:setPaused', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ paused: true }),
    });
    return response.status;
  });
  expect(pause).toBe(401);
  await expect(page.getByTestId('first-run-start')).toBeVisible();

  // The event stream needs the token as well (EventSource cannot send headers).
  const events = await fetchFromPage(page, '/api/events', { method: 'GET' });
  expect(events.status).toBe(401);

  // And the same through Playwright's request context (no browser headers at all).
  const api = page.request;
  const bare = await api.post(`${host.origin}/api/invoke/app:info`, { data: {} });
  expect(bare.status()).toBe(401);
  const withToken = await api.post(`${host.origin}/api/invoke/app:info`, {
    data: {},
    headers: { Authorization: `Bearer ${host.token}` },
  });
  expect(withToken.status()).toBe(200);
});

test('requests naming another site get 403, even with the token', async ({ page, host }) => {
  await openApp(page, host.url);
  const api = page.request;
  const auth = { Authorization: `Bearer ${host.token}` };

  const foreignOrigin = await api.post(`${host.origin}/api/invoke/settings:get`, {
    data: {},
    headers: { ...auth, Origin: 'http://evil.example' },
  });
  expect(foreignOrigin.status()).toBe(403);
  expect(await foreignOrigin.text()).not.toContain('roots');

  // Same host, another port: still another site.
  const otherPort = await api.post(`${host.origin}/api/invoke/settings:get`, {
    data: {},
    headers: { ...auth, Origin: `http://127.0.0.1:${host.port + 1}` },
  });
  expect(otherPort.status()).toBe(403);

  // DNS rebinding: a name that resolves to 127.0.0.1 but is not this server's address.
  const foreignHost = await api.post(`${host.origin}/api/invoke/settings:get`, {
    data: {},
    headers: { ...auth, Host: `rebind.example:${host.port}` },
  });
  expect(foreignHost.status()).toBe(403);

  // Its own origin, by either name, passes.
  for (const origin of [host.origin, `http://localhost:${host.port}`]) {
    const own = await api.post(`${host.origin}/api/invoke/settings:get`, {
      data: {},
      headers: { ...auth, Origin: origin },
    });
    expect(own.status(), origin).toBe(200);
  }

  // A real page of another local web app (served on 127.0.0.1 by this test; Chromium itself
  // keeps public sites away from loopback) posting to the API the way a form could, without a
  // preflight. The browser sends its own Origin; the answer is read on its way back through a
  // route, because the browser hides it from the page (CORP same-origin, opaque response).
  const evilServer = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end('<!doctype html><title>another site</title>');
  });
  await new Promise<void>((resolve) => evilServer.listen(0, '127.0.0.1', resolve));
  const evilOrigin = `http://127.0.0.1:${(evilServer.address() as AddressInfo).port}`;
  const answers: { status: number; origin: string | undefined; body: string }[] = [];
  const evil = await page.context().newPage();
  try {
    await evil.route(`${host.origin}/api/**`, async (route) => {
      const response = await route.fetch();
      answers.push({
        status: response.status(),
        origin: route.request().headers().origin,
        body: await response.text(),
      });
      await route.fulfill({ response });
    });
    await evil.goto(`${evilOrigin}/`);
    await evil.evaluate(async (target) => {
      await fetch(target, {
        method: 'POST',
        mode: 'no-cors',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify({ paused: true }),
      }).catch(() => undefined);
    }, `${host.origin}/api/invoke/settings:setPaused`);
  } finally {
    await evil.close();
    evilServer.closeAllConnections();
    evilServer.close();
  }
  // 403 by the Origin check (without it the missing token would answer 401).
  expect(answers).toEqual([
    { status: 403, origin: evilOrigin, body: expect.stringContaining('wrong Origin') },
  ]);
  await page.reload();
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
  await expect(page.getByTestId('pause-switch')).toHaveCount(0); // still in the first run
  const settings = await fetchFromPage(page, '/api/invoke/settings:get', { token: host.token });
  expect(JSON.parse(settings.body)).toMatchObject({
    ok: true,
    data: { settings: { paused: false } },
  });
});

test('a page opened without its access link says how to get in', async ({ page, host, shot }) => {
  await page.goto(`${host.origin}/`);
  await expect(
    page.getByRole('heading', { name: 'This page needs its access link' }),
  ).toBeVisible();
  const error = page.getByTestId('boot-error');
  await expect(error.getByTestId('error-title')).toHaveText(
    'This page was opened without its access key',
  );
  await expect(error.locator('.callout-fix')).toContainText('#token=');
  // The code stays under Details, closed until asked for.
  await expect(error.locator('.error-code')).toBeHidden();
  await shot(page, 'no-access');
  await error.getByText('Details').click();
  await expect(error.locator('.error-code')).toHaveText('MissingAccessKey');

  // A wrong token (an old link) gets the same screen, with the host's refusal. New tabs: the
  // token lives in each tab's sessionStorage, and a change of #hash alone does not reload.
  const oldLink = await page.context().newPage();
  await oldLink.goto(`${host.origin}/#token=${'A'.repeat(43)}`);
  await expect(
    oldLink.getByRole('heading', { name: 'This page needs its access link' }),
  ).toBeVisible();
  const refused = oldLink.getByTestId('boot-error');
  await expect(refused.getByTestId('error-title')).toHaveText(
    'The access key of this page is out of date',
  );
  await refused.getByText('Details').click();
  await expect(refused.locator('.error-code')).toHaveText('Unauthorized');

  // The printed link opens the app.
  const printed = await page.context().newPage();
  await openApp(printed, host.url);
  await expect(printed.getByTestId('first-run-start')).toBeVisible();
});
