// The hostile-files suite's bounds (no 5xx, the process alive, RSS growth at most
// 72 MB + 4 × the input, no event-loop block over 100 ms, the expected status) and its table.
import type { Measurement } from './hostile-server.ts';

/** A status class, `none` (the connection closed unanswered, as after a client went away), or a code. */
export type Expected = '2xx' | '4xx' | 'none' | number;

export interface Bounds {
  /** The strict bound: 100 ms, what a user would notice as a pause of every other request. */
  strictBlockMs: number;
  /** What fails the test: the strict figure times the slack (HOSTILE_SLACK). */
  blockMs: number;
  caseTimeoutMs: number;
}

export interface CaseResult {
  name: string;
  /** What was sent, in bytes (for a ZIP, the ZIP); 0 for a download. */
  inputBytes: number;
  expect: readonly Expected[];
  /** RSS growth allowed: rssBoundMbOf, unless the case says otherwise. */
  rssBoundMb: number;
  measurement: Measurement;
  /** What the case's own check found wrong (a 503 without Retry-After, a short export). */
  extra: string[];
}

/**
 * 72 MB + 4 × the input, + 4 KB for each spot a valid import writes. The spots' part is the
 * garbage V8 promotes while the rows are written: one 10,000-spot GeoJSON import on a fresh
 * server (--trace-gc) took the old generation from 27 to 65 MB with no mark-compact before it
 * ended, and ten such imports grew RSS by 71-95 MB on a quiet machine (109 in one CI run), as
 * V8's next full collection fell before or after the import's end. Writing the rows 500 spots at
 * a time, letting each batch go, left that at 68-91 MB: the rows held are not what grows.
 */
export const rssBoundMbOf = (inputBytes: number, spotsWritten = 0): number =>
  72 + (4 * inputBytes) / 1024 / 1024 + (spotsWritten * 4) / 1024;

function matches(status: number | 'none', expected: Expected): boolean {
  if (expected === 'none') return status === 'none';
  if (status === 'none') return false;
  if (expected === '2xx') return status >= 200 && status < 300;
  if (expected === '4xx') return status >= 400 && status < 500;
  return status === expected;
}

/** Every bound the result breaks, in words; none when it keeps them all. */
export function problemsOf(result: CaseResult, bounds: Bounds): string[] {
  const { measurement: m } = result;
  const status = m.answer.status;
  const problems: string[] = [];
  if (m.outcome === 'crashed') problems.push('the server crashed');
  if (m.outcome === 'killed at the RSS cap') problems.push('killed at the RSS cap');
  if (m.outcome === 'timed out') problems.push(`no answer within ${bounds.caseTimeoutMs / 1000} s`);
  else if (!m.alive && m.outcome === 'answered') problems.push('/api/health unanswered afterwards');
  if (typeof status === 'number' && status >= 500 && !result.expect.includes(status))
    problems.push(`a ${status}`);
  else if (m.outcome !== 'timed out' && !result.expect.some((e) => matches(status, e)))
    problems.push(`${status}, not ${result.expect.join(' or ')}`);
  if (m.rssGrowthMb > result.rssBoundMb)
    problems.push(`RSS +${m.rssGrowthMb.toFixed(0)} MB > ${result.rssBoundMb.toFixed(0)} MB`);
  if (m.longestBlockMs > bounds.blockMs)
    problems.push(`blocked ${m.longestBlockMs.toFixed(0)} ms > ${bounds.blockMs} ms`);
  problems.push(...result.extra);
  if (problems.length && m.serverError) problems.push(`server: "${m.serverError}"`);
  return problems;
}

export function sizeText(bytes: number): string {
  if (bytes === 0) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function statusText(m: Measurement): string {
  const status =
    (m.answer.status === 'none' ? 'none' : String(m.answer.status)) +
    (m.answer.note ? ` (${m.answer.note})` : '');
  if (m.outcome === 'answered' || m.outcome === 'no answer') return status;
  if (m.outcome === 'timed out') return 'timed out';
  return m.answer.status === 'none' ? m.outcome : `${status}, then ${m.outcome}`;
}

/** The markdown table of every result, with the bounds it was held to above it. */
export function tableOf(results: readonly CaseResult[], bounds: Bounds, heading: string): string {
  const rows = results.map((result, index) => {
    const m = result.measurement;
    const problems = problemsOf(result, bounds);
    const block = `${m.longestBlockMs.toFixed(0)} ms${m.longestBlockMs > bounds.strictBlockMs ? ' ✗' : ''}`;
    return `| ${index + 1} | ${cell(result.name)} | ${sizeText(result.inputBytes)} | ${statusText(m)} | ${(m.ms / 1000).toFixed(2)} s | ${m.rssGrowthMb.toFixed(0)} MB / ${result.rssBoundMb.toFixed(0)} | ${block} | ${m.alive ? 'yes' : 'no'} | ${m.tempFilesLeft} | ${cell(problems.length ? `FAIL: ${problems.join('; ')}` : 'ok')} |`;
  });
  const failed = results.filter((result) => problemsOf(result, bounds).length > 0).length;
  return [
    heading,
    '',
    `Bounds: no 5xx, the process alive, RSS growth ≤ 72 MB + 4 × input + 4 KB a spot written (shown as growth / bound), longest event-loop block ≤ ${bounds.blockMs} ms (${bounds.strictBlockMs} ms × HOSTILE_SLACK; ✗ marks a block over ${bounds.strictBlockMs} ms), the expected status; a case is given up after ${bounds.caseTimeoutMs / 1000} s. "Temp": files the request left in the server's TMPDIR.`,
    '',
    '| # | Input | Size | Status | Time | RSS growth / bound | Longest block | Alive | Temp | Verdict |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `${failed} of ${results.length} cases fail.`,
    '',
  ].join('\n');
}
