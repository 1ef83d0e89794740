/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS on purpose: it hooks require() before the bundle loads. */
// A stand-in for the `electron` module, for running the bundled main process under plain Node
// (the Electron binary cannot be downloaded here). It records what the app asks of Electron so
// composition.test.ts can check the wiring; it implements nothing of Electron itself.
const { EventEmitter } = require('node:events');
const Module = require('node:module');

const record = {
  privilegedSchemes: null,
  schemesBeforeReady: false,
  protocolHandlers: {},
  ipcHandlers: {},
  windows: [],
  trays: [],
  permissionHandlers: 0,
  quitCalls: 0,
  loginItems: [],
  notifications: [],
};
let ready = false;

class WebContents extends EventEmitter {
  constructor() {
    super();
    this.mainFrame = { url: '', parent: null };
    this.sent = [];
    this.openHandler = null;
  }
  setWindowOpenHandler(handler) {
    this.openHandler = handler;
  }
  send(channel, payload) {
    this.sent.push([channel, payload]);
  }
  isDestroyed() {
    return false;
  }
  getURL() {
    return this.mainFrame.url;
  }
}

class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    this.visible = false;
    this.loadedUrl = null;
    record.windows.push(this);
  }
  loadURL(url) {
    this.loadedUrl = url;
    this.webContents.mainFrame.url = url;
    setImmediate(() => this.emit('ready-to-show'));
    return Promise.resolve();
  }
  show() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
  }
  focus() {}
  isMinimized() {
    return false;
  }
  restore() {}
  isDestroyed() {
    return false;
  }
  close() {
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('close', event);
    return event.defaultPrevented;
  }
}

class Tray extends EventEmitter {
  constructor(image) {
    super();
    this.image = image;
    this.menu = null;
    this.tooltip = '';
    record.trays.push(this);
  }
  setImage(image) {
    this.image = image;
  }
  setToolTip(text) {
    this.tooltip = text;
  }
  setContextMenu(menu) {
    this.menu = menu;
  }
  destroy() {}
}

const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  getPreferredSystemLanguages() {
    return ['en-US'];
  },
  name: 'Electron',
  paths: {},
  setName(name) {
    this.name = name;
  },
  setPath(name, value) {
    this.paths[name] = value;
  },
  getPath(name) {
    return this.paths[name];
  },
  getVersion() {
    return '45.4.1';
  },
  requestSingleInstanceLock() {
    return true;
  },
  whenReady() {
    return new Promise((resolve) =>
      setImmediate(() => {
        ready = true;
        this.emit('ready');
        resolve();
      }),
    );
  },
  quit() {
    record.quitCalls++;
    const event = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('before-quit', event);
    if (!event.defaultPrevented) {
      this.emit('will-quit');
      setImmediate(() => process.exit(0));
    }
  },
  getLoginItemSettings() {
    return { openAtLogin: false, wasOpenedAtLogin: false };
  },
  setLoginItemSettings(settings) {
    record.loginItems.push(settings);
  },
});

class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    this.options = options;
  }
  show() {
    record.notifications.push(this.options);
  }
}

const electron = {
  app,
  Notification,
  BrowserWindow,
  Tray,
  Menu: { buildFromTemplate: (template) => ({ items: template }) },
  // The tray picks its icon variant from the theme; light unless a test says otherwise.
  nativeTheme: Object.assign(new EventEmitter(), { shouldUseDarkColors: false }),
  nativeImage: {
    createEmpty: () => ({
      representations: [],
      addRepresentation(r) {
        this.representations.push(r);
      },
      setTemplateImage() {},
    }),
  },
  ipcMain: {
    handle(name, fn) {
      record.ipcHandlers[name] = fn;
    },
    removeHandler(name) {
      delete record.ipcHandlers[name];
    },
  },
  protocol: {
    registerSchemesAsPrivileged(schemes) {
      record.privilegedSchemes = schemes;
      record.schemesBeforeReady = !ready;
    },
    handle(scheme, handler) {
      record.protocolHandlers[scheme] = handler;
    },
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler() {
        record.permissionHandlers++;
      },
      setPermissionCheckHandler() {
        record.permissionHandlers++;
      },
    },
  },
  shell: { openExternal: async () => undefined, showItemInFolder: () => undefined },
  dialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? 'fake-electron' : resolve.call(this, request, ...rest);
};
require.cache['fake-electron'] = {
  id: 'fake-electron',
  filename: 'fake-electron',
  loaded: true,
  exports: electron,
};

module.exports = { electron, record };
