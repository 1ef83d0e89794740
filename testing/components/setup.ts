// The component tests' setup: each test's tree is unmounted after it (globals are off, so
// Testing Library cannot register this itself), and anything React reports as an error (two
// children with one key, an update on an unmounted tree, a prop of the wrong type) fails the
// test that caused it.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// The screens talk to a real core that writes real files: on a busy 2-core machine an answer can
// take over the default second. find*/waitFor wait up to 5 s (they return as soon as it is there).
configure({ asyncUtilTimeout: 5000 });

let reported: string[] = [];

beforeEach(() => {
  reported = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    reported.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  cleanup();
  vi.mocked(console.error).mockRestore();
  expect(reported, 'console.error during the test').toEqual([]);
});
