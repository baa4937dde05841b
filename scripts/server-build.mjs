// The server's build in apps/server/dist, made only when it is missing or older than its sources
// or the installed packages. `npm start`, the browser tests and the bench run it with plain node:
// compiling TypeScript at every start (tsx) cost more than a second.
//
// esbuild (declared by apps/server; Vite and tsx use it too) bundles the server with its
// JavaScript dependencies into one file, dist/server.cjs: Node then reads one file instead of
// resolving and reading some two thousand. dist/main.js (apps/server/src/boot.ts) runs it with
// V8's code cache, which Node 20 offers for scripts only, hence CommonJS (see boot.ts).
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestChange } from './newest-change.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist');
/** What `node` runs: `node apps/server/dist/main.js`. */
export const serverEntry = path.join(outDir, 'main.js');
/** The server itself, which serverEntry loads. */
const serverBundle = path.join(outDir, 'server.cjs');
/** SQLite's checkpoint worker (src/db/checkpoint-worker.ts), which the bundle starts from beside itself. */
const checkpointWorker = path.join(outDir, 'checkpoint-worker.cjs');

const sources = [
  path.join(serverDir, 'src'),
  path.join(serverDir, 'package.json'),
  path.join(root, 'packages/contract/src'),
  path.join(root, 'packages/contract/package.json'),
  // Every `npm install` rewrites it: a dependency that changed is bundled anew.
  path.join(root, 'node_modules/.package-lock.json'),
  import.meta.filename,
];

/**
 * Left out of the bundle and loaded from node_modules as usual: native addons, packages that
 * read files beside their own code (swagger-ui serves its folder; @fastify/static is kept out
 * with it so that both share one copy), and the AWS SDK, which is large and loaded only when a
 * bucket is configured.
 */
const external = [
  'better-sqlite3',
  'sharp',
  'pg-native',
  '@aws-sdk/*',
  '@fastify/swagger-ui',
  '@fastify/static',
];

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Builds apps/server/dist unless it is newer than every source; exits the process if it fails. */
export function ensureServerBuild() {
  const built = Math.min(builtAt(serverEntry), builtAt(serverBundle), builtAt(checkpointWorker));
  if (built >= Math.max(...sources.map(newestChange))) return;
  console.log(built ? 'Server sources changed: rebuilding…' : 'No server build yet: building…');
  // Resolved from apps/server, which declares it.
  const { buildSync } = createRequire(path.join(serverDir, 'package.json'))('esbuild');
  // What an earlier build left: its code caches, and the files of the ES-module build before.
  if (existsSync(outDir))
    for (const name of readdirSync(outDir))
      if (/^(main\.js|server\.cjs|checkpoint-worker\.cjs)/.test(name))
        rmSync(path.join(outDir, name), { force: true });
  try {
    // The server, and beside it the worker it runs on a thread of its own (checkpoint-aside.ts).
    buildSync({
      entryPoints: [
        { in: path.join(serverDir, 'src/start.ts'), out: 'server' },
        { in: path.join(serverDir, 'src/db/checkpoint-worker.ts'), out: 'checkpoint-worker' },
      ],
      outdir: outDir,
      outExtension: { '.js': '.cjs' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external,
      // ES-module code run as CommonJS: import.meta names the bundle, as it did in an ES-module
      // build, and import() of a package becomes require() (the script has no module loader).
      define: {
        'import.meta.url': 'importMetaUrl',
        'import.meta.dirname': '__dirname',
        'import.meta.filename': '__filename',
      },
      banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
      supported: { 'dynamic-import': false },
      // Whitespace and syntax only, names kept (stack traces stay readable, the source map maps
      // them back): fewer bytes to read and compile, and pure ASCII to decode.
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: true,
      legalComments: 'linked',
      logLevel: 'warning',
    });
    buildSync({
      entryPoints: [path.join(serverDir, 'src/boot.ts')],
      outfile: serverEntry,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    });
  } catch {
    // esbuild has printed what went wrong.
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureServerBuild();
