import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Location } from '@fj/contract/locations';
import { imageFile, makeEntry, makeLocation, photoEntry } from '../testing/factories.ts';
import { installFakeXhr } from '../testing/fake-xhr.ts';
import { timersBesideIndexedDb, freshIndexedDbPerTest } from '../testing/fake-indexeddb.ts';
import { installFakeFetch, json, signedInServer, type FakeFetch } from '../testing/fake-fetch.ts';
import { serverPrefs } from '../testing/fixtures.ts';
import { loadStore } from '../testing/store-kit.ts';
import { syncMarkOf } from './outbox-view.ts';
import { createLocalCopy, LARGE_WRITE } from '../lib/offline/local-copy.ts';

freshIndexedDbPerTest();

const API = '/api/v1';
/** Real turns of the event loop: fake-indexeddb answers on setImmediate. */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 500; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const noSignal = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the journal on the device', () => {
  let server: FakeFetch;
  let online: boolean;
  const serverList: Location[] = [];

  beforeEach(() => {
    vi.useFakeTimers(timersBesideIndexedDb);
    vi.setSystemTime(new Date('2024-06-01T12:00:00.000Z'));
    localStorage.clear();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    serverList.splice(0, serverList.length, makeLocation({ id: 'l1', name: 'Oak ridge' }));
    server = installFakeFetch();
    signedInServer(server);
    server.on(`GET ${API}/preferences`, () => json({ data: serverPrefs }));
    server.on(`GET ${API}/locations`, () => listAnswer());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** GET /locations as this server answers it, with its cursor. */
  function listAnswer() {
    const answer = json({ data: serverList });
    answer.headers.set('sync-cursor', 'c1');
    return answer;
  }

  async function signedIn() {
    const store = await loadStore();
    store.getState().setUser('user-1');
    await store.getState().fetchLocations();
    return store;
  }

  /** No request reaches the server until goOnline. */
  function goOffline() {
    online = false;
    const answering = server.fetchMock.getMockImplementation();
    server.fetchMock.mockImplementation(noSignal);
    window.dispatchEvent(new Event('offline'));
    return function goOnline() {
      online = true;
      if (answering) server.fetchMock.mockImplementation(answering);
      window.dispatchEvent(new Event('online'));
    };
  }

  it('starts from the local copy, then refreshes from the server', async () => {
    await createLocalCopy('user-1').saveLocations(
      [],
      [makeLocation({ id: 'l7', name: 'Stored spot' })],
      'c0',
      Date.parse('2024-05-31T08:00:00Z'),
    );
    const pending: { answer?: () => void } = {};
    server.on(
      `GET ${API}/sync?since=c0`,
      () =>
        new Promise((resolve) => {
          pending.answer = () =>
            resolve(
              json({
                cursor: 'c2',
                full: false,
                locations: [makeLocation({ id: 'l8', name: 'From the server' })],
                deleted: { locations: [], entries: [] },
              }),
            );
        }),
    );
    const store = await loadStore();
    store.getState().setUser('user-1');
    const fetching = store.getState().fetchLocations();
    await until(() => store.getState().locations.length > 0, 'the local copy');
    expect(store.getState().locations.map((l) => l.name)).toEqual(['Stored spot']);
    expect(store.getState().lastSyncedAt).toBe(Date.parse('2024-05-31T08:00:00Z'));
    await until(() => pending.answer !== undefined, 'the sync request');
    pending.answer?.();
    await fetching;
    expect(
      store
        .getState()
        .locations.map((l) => l.name)
        .sort(),
    ).toEqual(['From the server', 'Stored spot']);
    expect(store.getState().syncCursor).toBe('c2');
  });

  it('keeps what the server answered for the next start', async () => {
    const store = await signedIn();
    expect(store.getState().locations.map((l) => l.id)).toEqual(['l1']);
    // The store writes the copy in the background: read it until the write has landed.
    let local = await createLocalCopy('user-1').load();
    for (let i = 0; i < 100 && !local; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      local = await createLocalCopy('user-1').load();
    }
    expect(local?.cursor).toBe('c1');
    expect(local?.locations.map((l) => l.name)).toEqual(['Oak ridge']);
  });

  it('writes a big first answer to the copy once the map has drawn it, with a change made meanwhile after it', async () => {
    serverList.splice(
      0,
      serverList.length,
      ...Array.from({ length: LARGE_WRITE }, (_, i) => makeLocation({ id: `big${i}` })),
    );
    server.on(`POST ${API}/locations`, (call) =>
      json(makeLocation({ id: (call.body as { id: string }).id, name: 'Cep bank' }), 201),
    );
    const store = await signedIn();
    // The store's own module: loadStore gave it fresh modules.
    const { firstScreenDrawn } = await import('../lib/offline/first-screen.ts');
    expect(store.getState().locations).toHaveLength(LARGE_WRITE);
    await store.getState().addLocation({ name: 'Cep bank', position: { lat: 3, lng: 4 } });
    expect(store.getState().locations).toHaveLength(LARGE_WRITE + 1);
    for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve));
    // The map is still drawing: the copy is as it was (none yet), the new spot waits behind it.
    expect(await createLocalCopy('user-1').load()).toBeNull();
    firstScreenDrawn();
    let local = await createLocalCopy('user-1').load();
    for (let i = 0; i < 200 && local?.locations.length !== LARGE_WRITE + 1; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      local = await createLocalCopy('user-1').load();
    }
    expect(local?.locations).toHaveLength(LARGE_WRITE + 1);
    expect(local?.locations.map((l) => l.name)).toContain('Cep bank');
    expect(local?.cursor).toBe('c1');
  });

  it('offline, a new spot shows at once, waits in the outbox, and goes up with its id once back', async () => {
    const store = await signedIn();
    const goOnline = goOffline();
    const added = await store
      .getState()
      .addLocation({ name: 'Cep bank', position: { lat: 3, lng: 4 } });
    expect(store.getState().locations.map((l) => l.name)).toContain('Cep bank');
    expect(store.getState().outbox).toMatchObject([
      { status: 'pending', op: { kind: 'createLocation', input: { id: added.id } } },
    ]);

    const posted: unknown[] = [];
    server.on(`POST ${API}/locations`, (call) => {
      posted.push(call.body);
      const made = makeLocation({ id: added.id, name: 'Cep bank' });
      serverList.push(made);
      return json(made, 201);
    });
    server.on(`GET ${API}/sync?since=c1`, () =>
      json({ cursor: 'c2', full: false, locations: [], deleted: { locations: [], entries: [] } }),
    );
    goOnline();
    await until(() => store.getState().outbox.length === 0, 'the replay');
    expect(posted).toEqual([{ id: added.id, name: 'Cep bank', position: { lat: 3, lng: 4 } }]);
    expect(store.getState().serverLocations.map((l) => l.id)).toContain(added.id);
  });

  it('the tutorial flag set offline waits in the outbox and reaches the server once back', async () => {
    const store = await signedIn();
    const goOnline = goOffline();
    await expect(store.getState().saveTutorialFlag(false)).resolves.toBe(true);
    expect(store.getState().outbox).toMatchObject([
      { status: 'pending', op: { kind: 'preferences', path: '/tutorial', body: { show: false } } },
    ]);
    const sent: unknown[] = [];
    server.on(`PUT ${API}/preferences/tutorial`, (call) => {
      sent.push(call.body);
      return json({ data: serverPrefs });
    });
    server.on(`GET ${API}/sync?since=c1`, () =>
      json({ cursor: 'c2', full: false, locations: [], deleted: { locations: [], entries: [] } }),
    );
    goOnline();
    await until(() => store.getState().outbox.length === 0, 'the replay');
    expect(sent).toEqual([{ show: false }]);
  });

  it('a tutorial flag the server refuses answers false, and is not queued', async () => {
    const store = await signedIn();
    server.on(`PUT ${API}/preferences/tutorial`, () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Bad show' } }, 400),
    );
    await expect(store.getState().saveTutorialFlag(true)).resolves.toBe(false);
    expect(store.getState().outbox).toEqual([]);
  });

  it('online, a refused write is re-thrown and never queued', async () => {
    const store = await signedIn();
    server.on(`POST ${API}/locations`, () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Bad name' } }, 400),
    );
    await expect(
      store.getState().addLocation({ name: 'X', position: { lat: 1, lng: 1 } }),
    ).rejects.toMatchObject({ status: 400 });
    expect(store.getState().outbox).toEqual([]);
  });

  it('online, a write that gets no answer goes to the outbox instead of failing', async () => {
    const store = await signedIn();
    server.on(`POST ${API}/locations/l1/entries`, () => noSignal());
    await store.getState().addEntry('l1', { date: '2024-06-01', notes: 'Chanterelles' });
    expect(store.getState().outbox[0]?.op.kind).toBe('createEntry');
    expect(store.getState().locations[0]?.entries.map((e) => e.notes)).toEqual(['Chanterelles']);
  });

  it('sends only the fields an edit changed', async () => {
    serverList[0] = makeLocation({ id: 'l1', name: 'Oak ridge', description: 'Old' });
    const store = await signedIn();
    const puts: unknown[] = [];
    server.on(`PUT ${API}/locations/l1`, (call) => {
      puts.push(call.body);
      return json(makeLocation({ id: 'l1', name: 'Oak ridge', description: 'New' }));
    });
    await store.getState().updateLocation('l1', {
      name: 'Oak ridge',
      description: 'New',
      position: { lat: 1, lng: 2 },
      categories: [],
      terrainType: null,
      species: ['cep'],
    });
    expect(puts).toEqual([{ description: 'New', species: ['cep'] }]);
  });

  it('an offline entry deletion hides the entry and is marked until sent', async () => {
    serverList[0] = makeLocation({
      id: 'l1',
      entries: [makeEntry({ id: 'e1', locationId: 'l1' })],
    });
    const store = await signedIn();
    goOffline();
    await store.getState().deleteEntry('l1', 'e1');
    expect(store.getState().locations[0]?.entries).toEqual([]);
    expect(store.getState().serverLocations[0]?.entries).toHaveLength(1);
    expect(store.getState().outbox[0]?.op).toEqual({
      kind: 'deleteEntry',
      locationId: 'l1',
      entryId: 'e1',
    });
  });

  it('the outbox survives a restart and discard takes the change off the screen', async () => {
    const store = await signedIn();
    goOffline();
    await store.getState().updateLocation('l1', { name: 'Renamed' });
    expect(store.getState().locations[0]?.name).toBe('Renamed');

    const again = await loadStore();
    again.getState().setUser('user-1');
    await until(() => again.getState().outbox.length === 1, 'the stored outbox');
    expect(again.getState().locations[0]?.name).toBe('Renamed');
    const seq = again.getState().outbox[0]?.seq ?? -1;
    await again.getState().discardChange(seq);
    expect(again.getState().outbox).toEqual([]);
    expect(again.getState().locations[0]?.name).toBe('Oak ridge');
  });

  it('logout empties the local copy, outbox included', async () => {
    const store = await signedIn();
    goOffline();
    await store.getState().updateLocation('l1', { name: 'Renamed' });
    await store.getState().reset();
    expect(store.getState().locations).toEqual([]);
    expect(await createLocalCopy('user-1').load()).toBeNull();
  });

  it('a photo picked offline is kept on the device, shown, and uploaded before its entry', async () => {
    const store = await signedIn();
    const uploads = installFakeXhr();
    const goOnline = goOffline();
    const kept = await store.getState().keepPhotoOffline(imageFile('cep.jpg', 2048));
    expect(kept.filePath).toMatch(/^local:/);
    await store.getState().addEntry('l1', { date: '2024-06-01', photos: [kept] });
    const shown = store.getState().locations[0]?.entries[0]?.photos[0];
    expect(shown?.url).toMatch(/^blob:/);
    expect(uploads).toHaveLength(0);

    const posted: unknown[] = [];
    server.on(`POST ${API}/locations/l1/entries`, (call) => {
      posted.push(call.body);
      return json({ id: 'e1' }, 201);
    });
    server.on(`GET ${API}/sync?since=c1`, () =>
      json({ cursor: 'c2', full: false, locations: [], deleted: { locations: [], entries: [] } }),
    );
    goOnline();
    await until(() => uploads.length === 1, 'the upload');
    expect(uploads[0]?.file?.name).toBe('cep.jpg');
    expect(uploads[0]?.file?.size).toBe(2048);
    uploads[0]?.respond(201, photoEntry('cep'));
    await until(() => store.getState().outbox.length === 0, 'the replay');
    expect(posted).toMatchObject([{ date: '2024-06-01', photos: [{ filePath: 'u/cep.webp' }] }]);
    expect(JSON.stringify(posted)).not.toContain('local:');
  });

  it('conflicts: a change to a spot deleted elsewhere is dropped and listed; a refused one fails with the message', async () => {
    serverList.push(makeLocation({ id: 'l2', name: 'Birch hollow' }));
    const store = await signedIn();
    const goOnline = goOffline();
    await store.getState().updateLocation('l1', { description: 'Gone by now' });
    await store.getState().updateLocation('l2', { name: 'x'.repeat(3) });
    expect(syncMarkOf(store.getState().outbox, 'l1')).toBe('waiting');

    server.on(`PUT ${API}/locations/l1`, () =>
      json({ error: { code: 'NOT_FOUND', message: 'Location not found' } }, 404),
    );
    server.on(`PUT ${API}/locations/l2`, () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Name is taken' } }, 400),
    );
    server.on(`GET ${API}/sync?since=c1`, () =>
      json({
        cursor: 'c2',
        full: false,
        locations: [],
        deleted: { locations: ['l1'], entries: [] },
      }),
    );
    goOnline();
    await until(
      () => store.getState().outbox.every((item) => item.status !== 'pending'),
      'the replay',
    );
    expect(store.getState().outbox).toMatchObject([
      {
        status: 'dropped',
        message: 'Location not found',
        op: { kind: 'updateLocation', id: 'l1', changes: { description: 'Gone by now' } },
      },
      { status: 'failed', message: 'Name is taken', op: { id: 'l2' } },
    ]);
    expect(syncMarkOf(store.getState().outbox, 'l2')).toBe('failed');
    // The refused change still shows (until discarded); the dropped one has nothing to show on.
    expect(store.getState().locations.find((l) => l.id === 'l2')?.name).toBe('xxx');
    await store.getState().syncNow();
  });
});
