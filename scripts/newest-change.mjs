// When a build's inputs last changed: the build scripts compare it with their output's time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time (ms) of a file, or of a folder and everything in it; 0 if absent. */
export function newestChange(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    info.mtimeMs,
  );
}
