// Runs npm scripts at the same time, each line of their output prefixed with the script's name,
// and fails if any of them fails (after all have finished, so every failure is shown).
// `a+b` runs `b` after `a` on the same line of work (after it even if it failed), so one suite's
// clock-bound files can follow its others while other suites still run beside them.
// `npm test` arranges its suites this way for the two cores (the README says how).
// Usage: node scripts/parallel.mjs <npm script>[+<npm script>…] …
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const lines = process.argv.slice(2).map((arg) => arg.split('+'));
if (lines.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>[+<npm script>…] …');
  process.exit(2);
}
const width = Math.max(...lines.flat().map((name) => name.length));

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

/** The scripts of one line of work, one after another; the names of those that failed. */
async function runInTurn(names) {
  const failed = [];
  for (const name of names) if ((await run(name)) !== 0) failed.push(name);
  return failed;
}

const failed = (await Promise.all(lines.map(runInTurn))).flat();
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
