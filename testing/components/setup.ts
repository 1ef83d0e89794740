// The component tests' setup: each test's tree is unmounted after it (globals are off, so
// Testing Library cannot register this itself).
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
