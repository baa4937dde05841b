// Every installed package must run on the oldest Node.js this project supports (package.json
// "engines"): npm only warns (EBADENGINE) at install, and a stranger on Node 20 would meet the
// failure at run time. Part of `npm run lint`; pin or override a package this names.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = new URL('../', import.meta.url);
const readJson = (path) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

const supported = readJson('package.json').engines.node;
const oldest = semver.minVersion(supported).version;
const refused = Object.entries(readJson('package-lock.json').packages)
  .filter(([path, entry]) => path !== '' && typeof entry.engines?.node === 'string')
  .filter(([, entry]) => !semver.satisfies(oldest, entry.engines.node, { loose: true }))
  .map(([path, entry]) => `${path}@${entry.version} needs node ${entry.engines.node}`);

if (refused.length > 0) {
  console.error(`Packages that do not run on Node.js ${oldest} (engines "${supported}"):`);
  for (const line of refused) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Every package in package-lock.json runs on Node.js ${oldest}.`);
