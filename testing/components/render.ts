// Renders a piece of the renderer against a real core (core-bridge.ts) and stops the core after
// the test. The test builds the element (the renderer's own components), so this helper imports
// nothing from the renderer.
import { render, screen, within, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { onTestFinished } from 'vitest';
import type { CoreOptions } from '#core/core.js';
import { startCoreBridge, type CoreBridge, type TestBridge } from './core-bridge.js';

export interface Rendered extends CoreBridge {
  user: UserEvent;
  view: RenderResult;
}

/** Starts a core, renders `build(bridge)`, and stops the core when the test ends. */
export async function renderWithCore(
  build: (bridge: TestBridge) => ReactElement,
  options: {
    firstRunDone?: boolean;
    updates?: CoreOptions['updates'];
    /** How the core looks at the allowed folders on disk (a clock the test fires). */
    rootWatch?: CoreOptions['rootWatch'];
    before?(core: CoreBridge): Promise<void>;
  } = {},
): Promise<Rendered> {
  const core = await startCoreBridge(options);
  onTestFinished(() => core.stop());
  await options.before?.(core);
  const user = userEvent.setup({ delay: null });
  const view = render(build(core.bridge));
  return { ...core, user, view };
}

/** Opens a screen from the sidebar by its name, once the app has booted. */
export async function openScreen(user: UserEvent, name: string): Promise<void> {
  const nav = await screen.findByRole('navigation', {}, { timeout: 5000 });
  await user.click(within(nav).getByRole('button', { name: new RegExp(`^${name}`) }));
}
