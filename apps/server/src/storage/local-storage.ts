import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { privateDirMode, privateFileMode } from '../lib/private-files.ts';
import { isSafeKey, type PhotoStorage } from './photo-storage.ts';

export function createLocalStorage(dir: string): PhotoStorage {
  const resolve = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true, mode: privateDirMode });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, body, { mode: privateFileMode });
      await rename(temp, file);
    },
    async get(key) {
      const file = resolve(key);
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? createReadStream(file) : null;
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(resolve(key), { force: true })));
    },
  };
}
