// `npm run bench [section…]`: the server's bench (apps/server/bench) and the web app's
// (apps/web/bench) in turn, each given the sections named for it; with no names, all of both.
// Exits 1 when either missed a target.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** The web bench's sections (apps/web/bench/run.ts); any other name is the server's. */
const webSections = new Set(['first-load', 'lighthouse', 'map']);

const named = process.argv.slice(2);
const web = named.filter((name) => webSections.has(name));
const server = named.filter((name) => !webSections.has(name));
const benches = [
  ['apps/server', server],
  ['apps/web', web],
].filter(([, sections]) => !named.length || sections.length);

let failed = false;
for (const [workspace, sections] of benches) {
  const run = spawnSync('npm', ['run', 'bench', '-w', workspace, '--', ...sections], {
    cwd: root,
    stdio: 'inherit',
  });
  failed ||= run.status !== 0;
}
process.exitCode = failed ? 1 : 0;
