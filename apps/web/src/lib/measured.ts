/**
 * Runs `work` and records its duration as a User Timing measure named `name` (with `detail`),
 * so a bench reads how long the device computed something in the browser itself
 * (`performance.getEntriesByName`) instead of timing a page from outside. A measure costs
 * about a microsecond; the browser keeps the last entries only for the page's life.
 */
export function measured<T>(name: string, work: () => T, detail?: (result: T) => unknown): T {
  const start = performance.now();
  const result = work();
  performance.measure(name, { start, end: performance.now(), detail: detail?.(result) });
  return result;
}
