import { type RenderResult } from '@testing-library/react';
import { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { CoreOptions } from '#core/core.js';
import { type CoreBridge, type TestBridge } from './core-bridge.js';
export interface Rendered extends CoreBridge {
  user: UserEvent;
  view: RenderResult;
}
/** Starts a core, renders `build(bridge)`, and stops the core when the test ends. */
export declare function renderWithCore(
  build: (bridge: TestBridge) => ReactElement,
  options?: {
    firstRunDone?: boolean;
    /** Self-update as the core gets it (default: none, as the web host). */
    updates?: CoreOptions['updates'];
    /** How the core looks at the allowed folders on disk (a clock the test fires). */
    rootWatch?: CoreOptions['rootWatch'];
    before?(core: CoreBridge): Promise<void>;
  },
): Promise<Rendered>;
/** Opens a screen from the sidebar by its name, once the app has booted. */
export declare function openScreen(user: UserEvent, name: string): Promise<void>;
