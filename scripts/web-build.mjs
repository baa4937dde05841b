// The web app's build in apps/web/dist, made only when it is missing or older than its sources.
// `npm start`, the browser tests and the native sync all use this one build, so `npm test`
// builds the web app at most once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { newestChange } from './newest-change.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
export const webDistDir = path.join(web, 'dist');
const builtIndex = path.join(webDistDir, 'index.html');
const sources = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'package.json'),
  path.join(root, 'packages/contract/src'),
];

// The build-time settings a build was made with (Vite inlines VITE_* values), kept outside dist
// so the server never serves it: a native build for another server is a different build.
const stampFile = path.join(root, 'node_modules/.cache/fj-web-build.json');
const buildSettings = () =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(process.env)
        .filter(([name]) => name.startsWith('VITE_'))
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );
const builtWith = () => (existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '');

/**
 * Builds apps/web/dist unless it is newer than every source and was made with the same VITE_*
 * settings; exits the process if the build fails.
 */
export function ensureWebBuild() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sameSettings = builtWith() === buildSettings();
  if (builtAt >= Math.max(...sources.map(newestChange)) && sameSettings) return;
  console.log(
    !builtAt
      ? 'No web build yet: building…'
      : sameSettings
        ? 'Web app sources changed: rebuilding…'
        : 'Build settings (VITE_*) changed: rebuilding…',
  );
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, buildSettings());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureWebBuild();
