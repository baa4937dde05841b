// No production source file over 250 lines (docs/architecture.md): a file that grows past it is
// split by responsibility, not by line count. Part of `npm run lint`; lists every file over.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const maxLines = 250;
const root = path.resolve(import.meta.dirname, '..');
const sourceRoots = ['apps', 'packages'].flatMap((group) =>
  readdirSync(path.join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(group, entry.name, 'src')),
);
// Code only: the stylesheets (apps/web/src/styles, up to ~1,000 lines) are not split yet.
const code = /\.(ts|tsx|js|jsx|mjs|cjs)$/;

/** Paths (from the repository root) not counted, each with why. */
const notCounted = [
  // Tests and test support (src/testing) are not production code.
  (file) => /\.test\.[a-z]+$/.test(file) || file.includes('/src/testing/'),
  // A migration is history: once shipped it is never edited, so it is not split either.
  (file) => file.includes('/db/migrations/'),
];

/**
 * Over today and being reworked on another branch (issue 27 leaves them to it): remove each line
 * when that work lands (the check says when one is back under the limit).
 */
const reworkedElsewhere = new Set([]);

function* filesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return; // a workspace without src/
  }
  for (const entry of entries) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* filesUnder(file);
    } else if (code.test(entry.name)) yield file;
  }
}

const linesOf = (file) => {
  const text = readFileSync(path.join(root, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

const over = [];
const nowUnder = [];
let counted = 0;
for (const dir of sourceRoots)
  for (const file of filesUnder(dir.split(path.sep).join('/'))) {
    if (notCounted.some((skip) => skip(file))) continue;
    counted += 1;
    const lines = linesOf(file);
    if (lines > maxLines && !reworkedElsewhere.has(file)) over.push(`  ${file}: ${lines} lines`);
    if (lines <= maxLines && reworkedElsewhere.has(file)) nowUnder.push(`  ${file}`);
  }

if (over.length > 0)
  console.error(
    `Source files over ${maxLines} lines (split each by responsibility):\n${over.join('\n')}`,
  );
if (nowUnder.length > 0)
  console.log(
    `Back under ${maxLines} lines: take them off reworkedElsewhere in scripts/check-file-sizes.mjs:\n${nowUnder.join('\n')}`,
  );
if (over.length > 0) process.exit(1);
console.log(`Source files: ${counted}, none over ${maxLines} lines.`);
