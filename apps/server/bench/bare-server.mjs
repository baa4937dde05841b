// The reference for throughput: plain node:http answering every request with the recorded
// status, headers and body of one real answer, so the two differ only in the work behind them.
// Usage: PORT=… node bare-server.mjs <answer.json>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answerFile = process.argv[2];
const answer = JSON.parse(readFileSync(answerFile, 'utf8'));
const body = Buffer.from(answer.body, 'base64');
const server = createServer((request, response) => {
  request.resume();
  // The bench waits for a 200 from /api/health, whatever the answer replayed (a 304, say).
  if (request.url === '/api/health') return response.end('{}');
  response.writeHead(answer.status, answer.headers);
  response.end(body);
});
// The app's keep-alive time-out (KEEP_ALIVE_TIMEOUT_MS, 10 s by default): Node writes it into
// every answer (`Keep-Alive: timeout=10`), so the two header blocks are the same byte for byte.
server.keepAliveTimeout = 10_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
