import * as fakeIndexedDb from 'fake-indexeddb';
import { beforeEach, vi } from 'vitest';

type FakeMethod = NonNullable<Parameters<typeof vi.useFakeTimers>[0]>['toFake'] extends
  (infer M)[] | undefined
  ? M
  : never;

/**
 * A fresh, empty in-memory IndexedDB for each test (fake-indexeddb), so no test sees another's
 * local copy. Fake timers in these tests must leave setImmediate real: fake-indexeddb runs its
 * transactions on it.
 */
export function freshIndexedDbPerTest(): void {
  // idb checks answers with instanceof against the IDB* classes, so they come too, for the whole
  // file: a test's afterEach may unstub its globals while a write of the local copy is still
  // landing, and idb then threw where its transaction's rejection had no handler.
  for (const [name, value] of Object.entries(fakeIndexedDb))
    if (name.startsWith('IDB')) Object.assign(globalThis, { [name]: value });
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new fakeIndexedDb.IDBFactory());
  });
}

/** The timers a test may fake beside fake-indexeddb. */
export const timersBesideIndexedDb: { toFake: FakeMethod[] } = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};
