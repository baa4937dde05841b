// The docs name only what exists. Part of `npm run lint`. It checks, in README.md, docs/*.md and
// the bench READMEs:
// - every file path (…/name.ts, .tsx, .mjs, .js, .md, .css, .html): a path with a folder
//   is written from the repo root, from a workspace (apps/server, apps/web, packages/contract)
//   or from its src/, or relative to the document (links); a bare file name must exist somewhere
//   in the repo. A path with a placeholder (`<name>`, `{id}`, `*`), one the build or the tests
//   write (under dist/, test-artifacts/, e2e-artifacts/), or a URL's
//   (`/sw.js`) is not a file of the repo, nor is a product's name (Node.js);
// - every endpoint (`GET /api/…`, `POST /locations/{id}/entries`: a path without /api is under
//   /api/v1) is a route of the server as built (test/helpers/route-table.ts), or one of
//   better-auth's endpoints under /api/auth;
// - the length of architecture.md (400 lines), behaviour.md (600) and each bench README (100);
// - every link to an anchor (`behaviour.md#sync`, `(#limits)`) lands on an `<a id>` or a heading,
//   in these documents and in every source comment that points into docs/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
}).split('\n');
// Once each (a file in a merge conflict is listed once per side).
const tracked = [...new Set(listed)].filter((file) => file && existsSync(path.join(root, file)));
const documents = tracked.filter((file) =>
  /^(README|docs\/[^/]+|apps\/(server|web)\/bench\/README)\.md$/.test(file),
);
const sources = tracked.filter(
  (file) =>
    /\.(ts|tsx|mjs|js|cjs|css|html|yaml|yml)$|(^|\/)Dockerfile$/.test(file) &&
    !file.startsWith('apps/web/android/') &&
    !file.startsWith('apps/web/ios/'),
);
const basenames = new Set(tracked.map((file) => path.posix.basename(file)));
const bases = [
  '',
  'apps/server',
  'apps/server/src',
  'apps/web',
  'apps/web/src',
  'packages/contract',
  'packages/contract/src',
];

const problems = [];
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const lineOf = (text, index) => text.slice(0, index).split('\n').length;

// --- anchors -------------------------------------------------------------------------------

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorCache = new Map();
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    const text = read(file);
    const ids = new Set([...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));
    for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) ids.add(slug(m[1]));
    anchorCache.set(file, ids);
  }
  return anchorCache.get(file);
}

function checkAnchor(from, line, target, anchor) {
  if (!existsSync(path.join(root, target))) {
    problems.push(`${from}:${line}: ${target} does not exist`);
  } else if (!anchorsOf(target).has(anchor)) {
    problems.push(`${from}:${line}: ${target} has no anchor #${anchor}`);
  }
}

let anchorCount = 0;
for (const file of [...documents, ...sources]) {
  const text = read(file);
  for (const m of text.matchAll(/\bdocs\/([a-z-]+\.md)#([a-z0-9-]+)/g)) {
    anchorCount += 1;
    checkAnchor(file, lineOf(text, m.index), `docs/${m[1]}`, m[2]);
  }
}
for (const file of documents) {
  const text = read(file);
  for (const m of text.matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)) {
    anchorCount += 1;
    const target = m[1]
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]))
      : file;
    checkAnchor(file, lineOf(text, m.index), target, m[2]);
  }
}

// --- file paths ----------------------------------------------------------------------------

const pathPattern =
  /(?<![\w@./:-])((?:\.\.?\/)*[\w@-][\w@.-]*(?:\/[\w@.-]+)*\.(?:tsx?|mjs|cjs|js|md|css|html))(?![\w/-])/g;

function pathExists(document, mention) {
  if (!mention.includes('/')) return basenames.has(mention);
  const fromDocument = path.posix.join(path.posix.dirname(document), mention);
  if (existsSync(path.join(root, fromDocument))) return true;
  return bases.some((base) => existsSync(path.join(root, base, mention)));
}

let pathCount = 0;
for (const file of documents) {
  const text = read(file);
  for (const m of text.matchAll(pathPattern)) {
    const mention = m[1];
    const after = text.slice(m.index + mention.length, m.index + mention.length + 1);
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    if (/https?:\/\/\S*$|:\/\/$/.test(before)) continue; // a URL, not a file of ours
    if (
      /(^|\/)(dist|test-artifacts|e2e-artifacts)\//.test(mention) ||
      /[<>{}*]/.test(before.slice(-1) + after)
    )
      continue;
    if (/^[A-Z]\w*\.js$/.test(mention)) continue; // Node.js, a name
    pathCount += 1;
    if (!pathExists(file, mention))
      problems.push(`${file}:${lineOf(text, m.index)}: no file ${mention}`);
  }
}

// --- endpoints -----------------------------------------------------------------------------

const endpointPattern = /\b(GET|POST|PUT|PATCH|DELETE) (\/[^\s`'"),;|\]]*)/g;
const mentions = [];
for (const file of documents) {
  const text = read(file);
  for (const m of text.matchAll(endpointPattern)) {
    // A bench's printed figure (`ok   GET /api/tiles (pmtiles…`) names a measurement, not a route.
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    if (/^(ok|SLOW) /.test(text.slice(lineStart, m.index))) continue;
    const route = m[2]
      .replace(/\[\?[^\]]*\]?/, '')
      .replace(/\?.*$/, '')
      .replace(/[.:]$/, '');
    if (route === '/' || route.length < 2) continue;
    mentions.push({ file, line: lineOf(text, m.index), method: m[1], route });
  }
}

const table = JSON.parse(
  execFileSync(process.execPath, ['--import', 'tsx', 'test/helpers/route-table.ts'], {
    cwd: path.join(root, 'apps/server'),
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
    maxBuffer: 16 * 1024 * 1024,
  }),
);

/** A route pattern (`:a|:b` a parameter, `*` the rest) as a regular expression. */
const patternOf = (route) =>
  new RegExp(
    `^${route
      .split('/')
      .map((part) =>
        part === '*'
          ? '.*'
          : part
              .split(/(:[\w|:]+)/)
              .map((piece) =>
                piece.startsWith(':') ? '[^/]+' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
              )
              .join(''),
      )
      .join('/')}$`,
  );
const routes = table.routes
  .filter((route) => route.path !== '*')
  .map((route) => ({ ...route, pattern: patternOf(route.path) }));
const authRoutes = table.auth.map((route) => ({ ...route, pattern: patternOf(route.path) }));

/** A documented path with sample values for its parameters (`{id}`, `:id`). */
const sample = (route) => route.replace(/\{[^}/]+\}|:\w+/g, 'x1');

function served(method, route) {
  const url = sample(route);
  if (url.startsWith('/api/auth/')) {
    const rest = url.slice('/api/auth'.length);
    return authRoutes.some((r) => r.methods.includes(method) && r.pattern.test(rest));
  }
  const candidates = url.startsWith('/api/') ? [url] : [`/api/v1${url}`, url];
  return candidates.some((candidate) =>
    routes.some((r) => r.methods.includes(method) && r.pattern.test(candidate)),
  );
}

for (const { file, line, method, route } of mentions)
  if (!served(method, route))
    problems.push(`${file}:${line}: the server has no ${method} ${route}`);

// --- length: docs a newcomer reads in an hour ----------------------------------------------

const maxLines = {
  'docs/architecture.md': 400,
  'docs/behaviour.md': 600,
  'apps/server/bench/README.md': 100,
  'apps/web/bench/README.md': 100,
};
for (const [file, max] of Object.entries(maxLines)) {
  const lines = readFileSync(path.join(root, file), 'utf8').trimEnd().split('\n').length;
  if (lines > max) problems.push(`${file}: ${lines} lines, more than ${max}`);
}

// --- report --------------------------------------------------------------------------------

if (problems.length > 0) {
  console.error(`The docs name what is not there (${problems.length}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `Docs: ${pathCount} file paths, ${mentions.length} endpoints and ${anchorCount} anchor links, all there.`,
);
