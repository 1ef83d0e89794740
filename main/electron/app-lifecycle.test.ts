import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopBeforeQuit } from './app-lifecycle.js';

function fakeApp() {
  const emitter = new EventEmitter();
  let quits = 0;
  const beforeQuit = (): boolean => {
    let prevented = false;
    emitter.emit('before-quit', { preventDefault: () => (prevented = true) });
    return prevented;
  };
  const app = Object.assign(emitter, { quit: () => void quits++ });
  return { app, beforeQuit, quits: () => quits };
}

describe('stopBeforeQuit', () => {
  it('holds the first quit until the core stopped, then quits for real', async () => {
    const fake = fakeApp();
    let release!: () => void;
    const stopping = new Promise<void>((resolve) => (release = resolve));
    let stops = 0;
    const state = stopBeforeQuit(fake.app as never, () => {
      stops++;
      return stopping;
    });
    expect(state.isQuitting()).toBe(false);
    expect(fake.beforeQuit()).toBe(true);
    expect(state.isQuitting()).toBe(true);
    expect(fake.quits()).toBe(0);
    release();
    await stopping;
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.quits()).toBe(1);
    expect(fake.beforeQuit()).toBe(false);
    expect(stops).toBe(1);
  });

  it('still quits when stopping fails', async () => {
    const fake = fakeApp();
    stopBeforeQuit(fake.app as never, () => Promise.reject(new Error('stuck')));
    fake.beforeQuit();
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.quits()).toBe(1);
  });
});
