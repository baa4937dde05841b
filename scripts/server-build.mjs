// The server's build in apps/server/dist, made only when it is missing or older than its sources
// or the installed packages. `npm start`, the browser tests and the bench run it with plain node:
// compiling TypeScript at every start (tsx) cost more than a second.
//
// esbuild (declared by apps/server; Vite and tsx use it too) bundles the server with its
// JavaScript dependencies into one ES module: Node then reads one file instead of resolving and
// reading some two thousand, which is most of what a start costs.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestChange } from './newest-change.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist');
/** What `node` runs: `node apps/server/dist/main.js`. */
export const serverEntry = path.join(outDir, 'main.js');

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

/** Builds apps/server/dist unless it is newer than every source; exits the process if it fails. */
export function ensureServerBuild() {
  const builtAt = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newestChange))) return;
  console.log(builtAt ? 'Server sources changed: rebuilding…' : 'No server build yet: building…');
  // Resolved from apps/server, which declares it.
  const { buildSync } = createRequire(path.join(serverDir, 'package.json'))('esbuild');
  try {
    buildSync({
      entryPoints: [path.join(serverDir, 'src/main.ts')],
      outfile: serverEntry,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external,
      // CommonJS dependencies inside an ES module still call require() for Node's own modules.
      banner: {
        js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
      },
      sourcemap: true,
      legalComments: 'linked',
      logLevel: 'warning',
    });
  } catch {
    // esbuild has printed what went wrong.
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureServerBuild();
