// `npm start`: builds the web app and the server when a build is missing or older than its
// sources, then runs the server's build with plain node. One command for a self-hoster, no build
// step to remember.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureWebBuild();
ensureServerBuild();

const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
  // Two malloc arenas instead of glibc's eight per core: libvips allocates from many threads, and
  // with the default arenas the freed memory of decoded photos stays in RSS (see the bench).
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
