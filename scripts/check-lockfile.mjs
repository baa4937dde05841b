// package-lock.json must be what npm writes: every package fetched from the registry carries its
// `integrity`, so `npm ci` checks each download. A hand-edited entry without it installs
// unchecked. Part of `npm run lint`; regenerate with `npm install --package-lock-only`.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const unchecked = Object.entries(lock.packages)
  .filter(([path, entry]) => path.includes('node_modules/') && !entry.link)
  .filter(([, entry]) => typeof entry.integrity !== 'string' || entry.integrity === '')
  .map(([path, entry]) => `${path}@${entry.version}`);

if (unchecked.length > 0) {
  console.error(
    'package-lock.json entries without integrity (run npm install --package-lock-only):',
  );
  for (const line of unchecked) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Every package in package-lock.json has its integrity.`);
