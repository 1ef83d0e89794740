// happy-dom has no layout engine: every element measures 0 × 0, so a virtualized list (the
// Activity list) would render no rows. This gives elements a size for the test that asks, and
// takes it back when the test ends: the one thing the component tests stand in for.
import { onTestFinished } from 'vitest';

export function giveElementsASize(width = 1000, height = 800): void {
  const sizes: [object, string, () => unknown][] = [
    [Element.prototype, 'clientWidth', () => width],
    [Element.prototype, 'clientHeight', () => height],
    [HTMLElement.prototype, 'clientWidth', () => width],
    [HTMLElement.prototype, 'clientHeight', () => height],
    [HTMLElement.prototype, 'offsetWidth', () => width],
    [HTMLElement.prototype, 'offsetHeight', () => height],
  ];
  const saved = sizes.map(
    ([target, key]) => [target, key, Object.getOwnPropertyDescriptor(target, key)] as const,
  );
  for (const [target, key, get] of sizes)
    Object.defineProperty(target, key, { configurable: true, get });
  const rect = Object.getOwnPropertyDescriptor(Element.prototype, 'getBoundingClientRect');
  Object.defineProperty(Element.prototype, 'getBoundingClientRect', {
    configurable: true,
    value: () => ({ x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height }),
  });
  // Its ResizeObserver would report the 0 × 0 boxes it measures: none keeps the sizes above.
  const resizeObserver = window.ResizeObserver;
  const quiet = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  } as unknown as typeof ResizeObserver;
  window.ResizeObserver = quiet;
  globalThis.ResizeObserver = quiet;
  onTestFinished(() => {
    window.ResizeObserver = resizeObserver;
    globalThis.ResizeObserver = resizeObserver;
    if (rect) Object.defineProperty(Element.prototype, 'getBoundingClientRect', rect);
    for (const [target, key, descriptor] of saved)
      if (descriptor) Object.defineProperty(target, key, descriptor);
      else delete (target as Record<string, unknown>)[key];
  });
}
