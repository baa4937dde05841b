// What `node apps/server/dist/main.js` runs (scripts/server-build.mjs builds it from this file):
// it loads the server's bundle, dist/server.cjs (start.ts and everything it imports), with V8's
// code cache, and starts the server.
//
// Node compiles every function of a module again at each start; for a bundle of some 4 MB that
// was most of the time to healthy. V8 can save what it compiled and take it back at
// the next start, but Node 20 offers that only for scripts (vm.Script), not for ES modules: so the
// server is bundled as CommonJS and run here as a script. Once it listens, a start that found no
// usable cache leaves one (what V8 compiled up to then) for the next start. The cache belongs to
// one bundle (its name carries the bundle's time and size) and to one V8 (which rejects any
// other's). An install that cannot write next to its bundle simply starts without.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type * as Server from './start.ts';

const bundle = path.join(import.meta.dirname, 'server.cjs');
const dir = path.dirname(bundle);
const { mtimeMs, size } = statSync(bundle);
const cacheName = `server.cjs.${Math.floor(mtimeMs)}-${size}.cache`;
const cacheFile = path.join(dir, cacheName);
const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;

// CommonJS's own wrapper, on a line of its own so the bundle's line numbers stay as they are.
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {\n${readFileSync(bundle, 'utf8')}\n})`,
  { filename: bundle, lineOffset: -1, cachedData },
);

/** Saves what V8 has compiled by now, replacing the caches of earlier bundles. */
function saveCache(): void {
  try {
    for (const name of readdirSync(dir))
      if (name.startsWith('server.cjs.') && name.endsWith('.cache') && name !== cacheName)
        rmSync(path.join(dir, name), { force: true });
    // Written aside and renamed, so a server starting meanwhile never reads half a cache.
    const partial = `${cacheFile}.${process.pid}.partial`;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cacheFile);
  } catch {
    // A read-only install: every start compiles, as it would without the cache.
  }
}

const module = { exports: {} as typeof Server };
const load = script.runInThisContext() as (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;
load.call(module.exports, module.exports, createRequire(bundle), module, bundle, dir);
const { startServer, failedToStart } = module.exports;
const needsCache = !cachedData || script.cachedDataRejected === true;
startServer().then(() => {
  if (needsCache) saveCache();
}, failedToStart);
