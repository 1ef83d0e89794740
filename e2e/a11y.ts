// Accessibility helpers for the Playwright specs: an axe-core scan with the WCAG 2.2 AA tags that
// fails on serious and critical violations (each printed with its targets) and lists the
// moderate and minor ones in the output, and the focus-ring reading of the focused element.
import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { expect } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';

/** The rule sets the scans run: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One violation, as printed: rule, impact, help, and every failing node with its summary. */
export function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((part) => JSON.stringify(part)).join(' > ');
    const why = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
    return `    - ${target}\n      ${node.html.slice(0, 200)}\n      ${why}`;
  });
  return `  [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n${nodes.join('\n')}`;
}

/**
 * Scans the page as it is now. Serious and critical violations fail the test (softly, so every
 * screen of a test is scanned and reported); moderate and minor ones are printed and attached.
 */
export async function scanPage(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const label = `${state} @ ${width}px`;
  // Colours change with short transitions (a theme switch, a hover): scan the settled page.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Only violations are reported in full (passes name their rules with one node): faster.
  // Legacy mode: axe.run in the page itself. The default runs each frame apart and finishes in
  // a new blank page per scan (twice the time); FolderGate's pages have no frames.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const other = results.violations.filter((v) => !blocking.includes(v));
  if (other.length > 0) {
    const text = `${label}: moderate/minor\n${other.map(describeViolation).join('\n')}`;
    console.log(text);
    await testInfo.attach(`axe-${label}-minor.txt`, { body: text, contentType: 'text/plain' });
  }
  if (blocking.length > 0) {
    await testInfo.attach(`axe-${label}.txt`, {
      body: blocking.map(describeViolation).join('\n'),
      contentType: 'text/plain',
    });
  }
  expect
    .soft(
      blocking.map((v) => v.id),
      `serious or critical axe violations on ${label}:\n${blocking.map(describeViolation).join('\n')}`,
    )
    .toEqual([]);
  // A scan that checked nothing would pass anything: make sure it saw the screen.
  expect(results.passes.length, `axe checked ${label}`).toBeGreaterThan(10);
}

/** Scans at each width (restoring the first), e.g. [1280, 900]. */
export async function scanAtWidths(
  page: Page,
  testInfo: TestInfo,
  state: string,
  widths: number[],
): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 860 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 1000 ? 600 : 860 });
    await scanPage(page, testInfo, state);
  }
  await page.setViewportSize(original);
}

/** How the focused element looks: what it is, and its outline. */
export interface FocusReading {
  tag: string;
  label: string;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  isBody: boolean;
  /**
   * Focus is on a part the browser draws inside its own control (the date picker button of a
   * date-time field): the element itself does not match :focus and the browser rings the part.
   */
  inBrowserPart: boolean;
}

/** Reads document.activeElement and its computed outline. */
export function readFocus(page: Page): Promise<FocusReading> {
  return page.evaluate(() => {
    const element = document.activeElement ?? document.body;
    // A visually hidden radio or checkbox shows its ring on the label part drawn for it (the
    // segmented control's `input:focus-visible + span`).
    const drawn = [element, element.nextElementSibling, element.closest('label')].find(
      (candidate) => candidate && getComputedStyle(candidate).outlineStyle !== 'none',
    );
    const style = getComputedStyle(drawn ?? element);
    const text = [
      element.getAttribute('data-testid'),
      element.getAttribute('type'),
      element.getAttribute('aria-label') ?? element.textContent,
      element.className,
    ]
      .filter((part) => part)
      .join(' ')
      .trim();
    return {
      tag: element.tagName.toLowerCase(),
      label: text.slice(0, 60),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth) || 0,
      outlineColor: style.outlineColor,
      isBody: element === document.body || element === document.documentElement,
      inBrowserPart: element !== document.body && !element.matches(':focus'),
    };
  });
}

/** Asserts focus is on a control (not <body>) that shows a solid outline of at least 2 px. */
export async function expectFocusRing(page: Page, after: string): Promise<FocusReading> {
  const focus = await readFocus(page);
  expect(focus.isBody, `focus fell to <body> after ${after}`).toBe(false);
  if (focus.inBrowserPart) return focus;
  expect(
    { style: focus.outlineStyle, wide: focus.outlineWidth >= 2 },
    `focus ring on <${focus.tag}> "${focus.label}" after ${after}`,
  ).toEqual({ style: 'solid', wide: true });
  return focus;
}
