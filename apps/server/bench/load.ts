// Throughput of one URL under autocannon: the load generator runs in this process, the server in
// its own, so on a 2-core machine each has a core.
import autocannon from 'autocannon';

export interface Throughput {
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers of another class than expected, and socket errors: a run with any is not a measurement. */
  failures: number;
  /** What the failures were: status code (or "errors", "timeouts") to how many. */
  failed: Record<string, number>;
}

/** The class of status every answer should have: 2xx, or 3xx for conditional reads (304). */
export type StatusClass = '2xx' | '3xx';

/** One connection's request, sent again and again. */
export interface ConnectionRequest {
  method: 'GET' | 'POST';
  /** Path (and query) on the target's origin. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What the load is: one request for all connections, or one chosen per connection. */
export interface Target {
  /** The origin and, without `perConnection`, the path: `http://127.0.0.1:1234/api/v1/preferences`. */
  url: string;
  /** GET with these headers on every connection. */
  headers?: Record<string, string>;
  /** Connection number i (from 0) sends these requests in turn instead, as one user of many. */
  perConnection?: (connection: number) => ConnectionRequest[];
}

export interface LoadOptions {
  connections?: number;
  expected?: StatusClass;
}

export async function loadTest(
  target: Target,
  seconds: number,
  { connections = 10, expected = '2xx' }: LoadOptions = {},
): Promise<Throughput> {
  let next = 0;
  const { perConnection } = target;
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    duration: seconds,
    connections,
    ...(perConnection
      ? {
          setupClient: (client: autocannon.Client) => {
            client.setRequests(perConnection(next++ % connections));
          },
        }
      : {}),
  });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  const expectedDigit = expected[0] ?? '2';
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: answered - result[expected] + result.errors + result.timeouts,
    failed: Object.fromEntries(
      Object.entries({
        ...result.statusCodeStats,
        errors: { count: result.errors },
        timeouts: { count: result.timeouts },
      })
        .filter(([code, { count = 0 }]) => count > 0 && !code.startsWith(expectedDigit))
        .map(([code, { count }]) => [code, count]),
    ),
  };
}

/**
 * Several targets in turns, after a warm-up of each, so a burst of load from elsewhere on the
 * machine falls on all of them: the mean requests per second of each over the rounds.
 */
export async function measureInTurns<Name extends string>(
  targets: Record<Name, Target>,
  { rounds = 2, seconds = 5, ...load }: LoadOptions & { rounds?: number; seconds?: number } = {},
): Promise<Record<Name, Throughput>> {
  const names = Object.keys(targets) as Name[];
  for (const name of names) await loadTest(targets[name], 2, load);
  const runs = new Map<Name, Throughput[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++)
    for (const name of names) runs.get(name)?.push(await loadTest(targets[name], seconds, load));
  const mean = (list: Throughput[]): Throughput => ({
    requestsPerSecond: list.reduce((sum, t) => sum + t.requestsPerSecond, 0) / list.length,
    p99Ms: Math.max(...list.map((t) => t.p99Ms)),
    failures: list.reduce((sum, t) => sum + t.failures, 0),
    failed: Object.assign({}, ...list.map((t) => t.failed)) as Record<string, number>,
  });
  return Object.fromEntries(names.map((name) => [name, mean(runs.get(name) ?? [])])) as Record<
    Name,
    Throughput
  >;
}

/** The app and its reference in turns (see measureInTurns). */
export function compareThroughput(
  app: Target,
  reference: Target,
  options: LoadOptions & { rounds?: number; seconds?: number } = {},
): Promise<{ app: Throughput; reference: Throughput }> {
  return measureInTurns({ app, reference }, options);
}
