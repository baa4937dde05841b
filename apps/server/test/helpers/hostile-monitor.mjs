// The hostile-files suite's watcher (hostile-server.ts starts one per request measured). It runs
// in a worker thread, so nothing the test itself does (making a file, sending it) delays it:
// - it asks GET /api/health again 10 ms after each answer, on a connection of its own, and
//   keeps the longest wait: how long the server's event loop was blocked at most;
// - it reads the server's VmRSS every 10 ms, keeps the highest, and kills the server (SIGKILL)
//   past `rssCapKb`, so that a hostile file cannot take the shared machine's memory.
// It stops when told 'stop' and posts what it saw.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, pid, intervalMs, rssCapKb } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

let running = true;
let ready = false;
/** When the health check in flight was sent. */
let inFlightSince;
let longestMs = 0;
let answered = 0;
let failed = 0;
let peakRssKb = 0;
let killedForRss = false;

function rssKb() {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function sample() {
  const rss = rssKb();
  if (rss === undefined) return;
  peakRssKb = Math.max(peakRssKb, rss);
  if (rss > rssCapKb && !killedForRss) {
    killedForRss = true;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}

function markReady() {
  if (ready) return;
  ready = true;
  parentPort.postMessage({ type: 'ready' });
}

function poll() {
  if (!running) return;
  const sent = performance.now();
  inFlightSince = sent;
  const settle = (ok) => {
    if (inFlightSince !== sent) return;
    inFlightSince = undefined;
    longestMs = Math.max(longestMs, performance.now() - sent);
    if (ok) answered++;
    else failed++;
    markReady();
    if (running) setTimeout(poll, intervalMs);
  };
  const request = http.get(`${baseUrl}/api/health`, { agent }, (response) => {
    response.resume();
    response.on('end', () => settle(response.statusCode === 200));
    response.on('error', () => settle(false));
  });
  request.on('error', () => settle(false));
}

sample();
const sampler = setInterval(sample, intervalMs);
poll();

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  running = false;
  clearInterval(sampler);
  sample();
  const waiting = inFlightSince === undefined ? 0 : performance.now() - inFlightSince;
  parentPort.postMessage({
    type: 'stopped',
    longestMs: Math.max(longestMs, waiting),
    answered,
    failed,
    peakRssKb,
    killedForRss,
  });
  agent.destroy();
  parentPort.close();
});
