// Runs npm scripts at the same time, each line of their output prefixed with the script's name,
// and fails if any of them fails (after all have finished, so every failure is shown).
// `npm test` runs lint and typecheck this way: each is one single-threaded process, and the
// machine has two cores.
// Usage: node scripts/parallel.mjs <npm script> <npm script> …
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> <npm script> …');
  process.exit(2);
}
const width = Math.max(...names.map((name) => name.length));

/** Runs `npm run <name>`; resolves with its exit code (1 if it was killed by a signal). */
function run(name) {
  const started = Date.now();
  const prefix = `[${name.padEnd(width)}] `;
  const child = spawn('npm', ['run', '--silent', name], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours stay on when the terminal has them, although the output goes through a pipe.
    env: { FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...process.env },
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${prefix}${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${prefix}${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(names.map(run));
const failed = names.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
