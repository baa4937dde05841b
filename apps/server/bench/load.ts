// Throughput of one URL under autocannon: the load generator runs in this process, the server in
// its own, so on a 2-core machine each has a core.
import autocannon from 'autocannon';

export interface Throughput {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers of another class than expected, and socket errors: a run with any is not a measurement. */
  failures: number;
}

/** The class of status every answer should have: 2xx, or 3xx for conditional reads (304). */
export type StatusClass = '2xx' | '3xx';

export async function loadTest(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 10,
  expected: StatusClass = '2xx',
): Promise<Throughput> {
  const result = await autocannon({ url, headers, duration: seconds, connections });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: answered - result[expected] + result.errors + result.timeouts,
  };
}

/**
 * App and reference in turns, after a warm-up of each, so a burst of load from elsewhere on the
 * machine falls on both: the mean requests per second of each over the rounds.
 */
export async function compareThroughput(
  app: { url: string; headers: Record<string, string> },
  reference: { url: string; headers: Record<string, string> },
  { rounds = 2, seconds = 5, expected = '2xx' as StatusClass } = {},
): Promise<{ app: Throughput; reference: Throughput }> {
  await loadTest(app.url, app.headers, 2, 10, expected);
  await loadTest(reference.url, reference.headers, 2, 10, expected);
  const runs = { app: [] as Throughput[], reference: [] as Throughput[] };
  for (let round = 0; round < rounds; round++) {
    runs.app.push(await loadTest(app.url, app.headers, seconds, 10, expected));
    runs.reference.push(await loadTest(reference.url, reference.headers, seconds, 10, expected));
  }
  const mean = (list: Throughput[]): Throughput => ({
    requestsPerSecond: list.reduce((sum, t) => sum + t.requestsPerSecond, 0) / list.length,
    p99Ms: Math.max(...list.map((t) => t.p99Ms)),
    failures: list.reduce((sum, t) => sum + t.failures, 0),
  });
  return { app: mean(runs.app), reference: mean(runs.reference) };
}
