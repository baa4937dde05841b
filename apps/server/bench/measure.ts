import { performance } from 'node:perf_hooks';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target this figure should stay under (or reach, with atLeast); the ratio printed is value / target. */
  target: number;
  /** The figure should be at least its target (a throughput ratio), not at most. */
  atLeast?: boolean;
  /** A figure of the same run to read this one against, printed beside it. */
  reference?: string;
}

export async function timeRuns(
  runs: number,
  fn: () => Promise<unknown>,
): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { median: at(0.5), p95: at(0.95) };
}

export function report(figures: readonly Figure[]): boolean {
  let allMet = true;
  for (const f of figures) {
    const ratio = f.value / f.target;
    const met = f.atLeast ? ratio >= 1 : ratio <= 1;
    allMet &&= met;
    const mark = met ? 'ok  ' : 'SLOW';
    console.log(
      `${mark} ${f.name.padEnd(48)} ${f.value.toFixed(Math.abs(f.value) < 10 ? 2 : 1).padStart(9)} ${f.unit.padEnd(6)} target ${f.atLeast ? '≥' : ' '}${String(f.target).padStart(6)} ratio ${ratio.toFixed(2)}${f.reference ? `  (${f.reference})` : ''}`,
    );
  }
  return allMet;
}
