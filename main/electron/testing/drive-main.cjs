/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: it hooks require() before the bundle loads. */
// Runs the bundled Electron main process (argv[2]) against fake-electron.cjs and prints one JSON
// report of what it did; used by composition.test.ts.
const fs = require('node:fs');
const path = require('node:path');
const { record } = require('./fake-electron.cjs');

const until = async (check, what) => {
  for (let i = 0; i < 400; i++) {
    const value = check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

(async () => {
  require(path.resolve(process.argv[2]));
  const report = {
    privilegedSchemes: record.privilegedSchemes,
    schemesBeforeReady: record.schemesBeforeReady,
  };
  const tray = await until(() => record.trays[0]?.menu && record.trays[0], 'the tray');
  const window = record.windows[0];
  report.window = {
    loadedUrl: window.loadedUrl,
    webPreferences: window.options.webPreferences,
    visible: window.visible,
  };
  report.ipcChannels = Object.keys(record.ipcHandlers).sort();
  report.permissionHandlers = record.permissionHandlers;

  const invoke = (channel, payload, event) =>
    record.ipcHandlers[`foldergate:invoke:${channel}`](event, payload);
  const trusted = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
  report.appInfo = await invoke('app:info', {}, trusted);
  report.foreign = await invoke(
    'app:info',
    {},
    { sender: window.webContents, senderFrame: { url: 'https://evil.example/', parent: null } },
  );

  const serve = async (url) => {
    const response = await record.protocolHandlers.app(new Request(url));
    return {
      status: response.status,
      csp: response.headers.get('content-security-policy'),
      type: response.headers.get('content-type'),
      body: (await response.text()).slice(0, 200),
    };
  };
  report.index = await serve('app://foldergate/index.html');
  report.traversal = await serve('app://foldergate/..%2f..%2fpackage.json');

  const pause = tray.menu.items.find((item) => item.label === 'Pause AI access');
  report.trayBefore = {
    checked: pause.checked,
    tooltip: tray.tooltip,
    labels: tray.menu.items.filter((i) => i.label).map((i) => i.label),
  };
  pause.click({ checked: true });
  await until(
    () => tray.menu.items.find((item) => item.label === 'Pause AI access').checked,
    'the tray to show paused',
  );
  report.trayAfter = {
    tooltip: tray.tooltip,
    settingsPaused: JSON.parse(
      fs.readFileSync(path.join(process.env.FOLDERGATE_HOME, 'settings.json'), 'utf8'),
    ).paused,
  };

  // A call recorded by some AI app's server: the tray lists it, and with the setting on a
  // desktop notification says so.
  await invoke('activity:setSettings', { notify: true }, trusted);
  const audit = path.join(process.env.FOLDERGATE_HOME, 'audit');
  fs.mkdirSync(audit, { recursive: true });
  const time = new Date().toISOString();
  const line = {
    v: 1,
    time,
    durationMs: 5,
    pid: 1,
    client: { name: 'claude-ai', version: '1' },
    tool: 'logic_list',
    outcome: 'ok',
    errorCode: null,
    errorMessage: null,
    security: false,
    args: {},
  };
  fs.appendFileSync(path.join(audit, `${time.slice(0, 10)}.jsonl`), `${JSON.stringify(line)}\n`);
  await until(() => record.notifications.length > 0, 'a notification');
  report.notifications = record.notifications;
  report.trayActivity = {
    tooltip: tray.tooltip,
    labels: tray.menu.items.filter((i) => i.label).map((i) => i.label),
  };
  report.pushedEvents = window.webContents.sent.map(([channel]) => channel);

  report.closeHides = window.close();
  const status = (await invoke('server:status', {}, trusted)).data;
  report.serverStatus = status?.state;
  report.serverPid = status?.pid;
  process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
  tray.menu.items.find((item) => item.label === 'Quit').click({});
})().catch((error) => {
  process.stdout.write(`FAILED ${error.stack}\n`);
  process.exit(1);
});
