import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Location } from '@fj/contract/locations';
import { imageFile, makeLocation, photoEntry } from '../testing/factories.ts';
import { installFakeXhr } from '../testing/fake-xhr.ts';
import { timersBesideIndexedDb, freshIndexedDbPerTest } from '../testing/fake-indexeddb.ts';
import { installFakeFetch, json, signedInServer, type FakeFetch } from '../testing/fake-fetch.ts';
import { serverPrefs } from '../testing/fixtures.ts';
import { loadStore } from '../testing/store-kit.ts';

freshIndexedDbPerTest();

/**
 * The outbox holds only what the network lost (docs/behaviour.md#outbox): a write the
 * server answers is the caller's, whatever waits in the queue, unless it depends on a queued one.
 */
const API = '/api/v1';
/** Real turns of the event loop: fake-indexeddb answers on setImmediate. */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 500; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
const turns = async (count = 50) => {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

const noSignal = () => Promise.reject(new TypeError('Failed to fetch'));
const serverError = () => json({ error: { code: 'INTERNAL', message: 'Database is locked' } }, 500);
const emptySync = () =>
  json({ cursor: 'c2', full: false, locations: [], deleted: { locations: [], entries: [] } });

describe('a stuck outbox holds back only what depends on it', () => {
  let server: FakeFetch;
  let online: boolean;
  const serverList: Location[] = [];

  beforeEach(() => {
    vi.useFakeTimers(timersBesideIndexedDb);
    vi.setSystemTime(new Date('2024-06-01T12:00:00.000Z'));
    localStorage.clear();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    serverList.splice(
      0,
      serverList.length,
      makeLocation({ id: 'l1', name: 'Oak ridge' }),
      makeLocation({ id: 'l2', name: 'Birch hollow' }),
    );
    server = installFakeFetch();
    signedInServer(server);
    server.on(`GET ${API}/preferences`, () => json({ data: serverPrefs }));
    server.on(`GET ${API}/locations`, () => {
      const answer = json({ data: serverList });
      answer.headers.set('sync-cursor', 'c1');
      return answer;
    });
    server.on(`GET ${API}/sync?since=c1`, emptySync);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

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

  type Store = Awaited<ReturnType<typeof signedIn>>;
  /** Back online with the queue's replay answered; waits until every item has had its answer. */
  async function replayed(store: Store, goOnline: () => void, answers: number) {
    const before = server.calls.length;
    goOnline();
    await until(() => server.calls.length >= before + answers, 'the replay');
    await store.getState().syncNow();
    await turns();
  }

  it('a 500 on a new write while an older change is stuck is logged and re-thrown', async () => {
    const store = await signedIn();
    const goOnline = goOffline();
    await store.getState().updateLocation('l1', { description: 'Ceps under the oaks' });
    server.on(`PUT ${API}/locations/l1`, serverError);
    await replayed(store, goOnline, 1);
    expect(store.getState().outbox).toMatchObject([
      { status: 'pending', message: 'Database is locked', op: { kind: 'updateLocation' } },
    ]);

    server.on(`POST ${API}/locations`, () =>
      json({ error: { code: 'INTERNAL', message: 'Disk full' } }, 500),
    );
    await expect(
      store.getState().addLocation({ name: 'Cep bank', position: { lat: 3, lng: 4 } }),
    ).rejects.toMatchObject({ status: 500, message: 'Disk full' });
    expect(console.error).toHaveBeenCalledWith('Failed to add location', expect.anything());
    expect(store.getState().outbox).toHaveLength(1);
    expect(server.callsTo(`POST ${API}/locations`)).toHaveLength(1);
  });

  it('a dropped (404) change and a stuck one do not hold back an unrelated write', async () => {
    const store = await signedIn();
    const goOnline = goOffline();
    await store.getState().updateLocation('l2', { description: 'Gone by now' });
    await store.getState().updateLocation('l1', { description: 'Stuck' });
    server.on(`PUT ${API}/locations/l2`, () =>
      json({ error: { code: 'NOT_FOUND', message: 'Location not found' } }, 404),
    );
    server.on(`PUT ${API}/locations/l1`, serverError);
    await replayed(store, goOnline, 2);
    expect(store.getState().outbox.map((item) => item.status)).toEqual(['dropped', 'pending']);

    const posted: unknown[] = [];
    server.on(`POST ${API}/locations/l2/entries`, (call) => {
      posted.push(call.body);
      return json({ id: 'e9' }, 201);
    });
    await store.getState().addEntry('l2', { date: '2024-06-01', notes: 'Bilberries' });
    // Sent at once, not queued behind the stuck change.
    expect(posted).toMatchObject([{ date: '2024-06-01', notes: 'Bilberries' }]);
    expect(store.getState().outbox).toHaveLength(2);
  });

  it('an entry on a spot made offline, and an edit of it, wait for the spot; the rest goes now', async () => {
    const store = await signedIn();
    const goOnline = goOffline();
    const spot = await store
      .getState()
      .addLocation({ name: 'Cep bank', position: { lat: 3, lng: 4 } });
    let spotAnswer: () => Response | Promise<Response> = serverError;
    server.on(`POST ${API}/locations`, () => spotAnswer());
    await replayed(store, goOnline, 1);
    expect(store.getState().outbox).toMatchObject([
      { status: 'pending', op: { kind: 'createLocation' } },
    ]);

    const order: string[] = [];
    server.on(`POST ${API}/locations/${spot.id}/entries`, () => {
      order.push('entry on the new spot');
      return json({ id: 'e1' }, 201);
    });
    server.on(`PUT ${API}/locations/${spot.id}`, () => {
      order.push('edit of the new spot');
      return json(makeLocation({ id: spot.id, name: 'Cep bank', description: 'Steep' }));
    });
    server.on(`POST ${API}/locations/l1/entries`, () => {
      order.push('entry on l1');
      return json({ id: 'e2' }, 201);
    });
    await store.getState().addEntry(spot.id, { date: '2024-06-01', notes: 'Ceps' });
    await store.getState().updateLocation(spot.id, { description: 'Steep' });
    await store.getState().addEntry('l1', { date: '2024-06-01', notes: 'Chanterelles' });
    expect(order).toEqual(['entry on l1']);
    expect(store.getState().outbox.map((item) => item.op.kind)).toEqual([
      'createLocation',
      'createEntry',
      'updateLocation',
    ]);

    spotAnswer = () => {
      order.push('the new spot');
      return json(makeLocation({ id: spot.id, name: 'Cep bank' }), 201);
    };
    await store.getState().syncNow();
    await until(() => store.getState().outbox.length === 0, 'the queue to empty');
    expect(order).toEqual([
      'entry on l1',
      'the new spot',
      'entry on the new spot',
      'edit of the new spot',
    ]);
  });

  it('the replay sends what does not depend on a stuck change, and keeps what does', async () => {
    const store = await signedIn();
    const goOnline = goOffline();
    const spot = await store
      .getState()
      .addLocation({ name: 'Cep bank', position: { lat: 3, lng: 4 } });
    await store.getState().addEntry(spot.id, { date: '2024-06-01', notes: 'Ceps' });
    await store.getState().addEntry('l1', { date: '2024-06-01', notes: 'Chanterelles' });
    server.on(`POST ${API}/locations`, serverError);
    const sent: string[] = [];
    server.on(`POST ${API}/locations/l1/entries`, () => {
      sent.push('l1');
      return json({ id: 'e2' }, 201);
    });
    server.on(`POST ${API}/locations/${spot.id}/entries`, () => {
      sent.push(spot.id);
      return json({ id: 'e1' }, 201);
    });
    await replayed(store, goOnline, 2);
    expect(sent).toEqual(['l1']);
    expect(store.getState().outbox.map((item) => item.op.kind)).toEqual([
      'createLocation',
      'createEntry',
    ]);
  });

  it('a preferences change queued offline is what the preferences cache answers at once', async () => {
    const store = await signedIn();
    // The store's own modules: loadStore gave it fresh ones.
    const { preferencesService } = await import('../lib/api/preferences-service.ts');
    expect((await preferencesService.get())?.showTutorial).toBe(true);
    goOffline();
    await expect(store.getState().saveTutorialFlag(false)).resolves.toBe(true);
    expect(store.getState().outbox).toHaveLength(1);
    expect((await preferencesService.get())?.showTutorial).toBe(false);
    await store.getState().addCustomTerrain('Scree');
    const { speciesService } = await import('../lib/api/species-service.ts');
    expect((await speciesService.getSpeciesData()).terrainTypes).toContain('Scree');
  });

  it('online, an entry with a photo kept on the device uploads it and is sent at once', async () => {
    const store = await signedIn();
    const uploads = installFakeXhr();
    const goOnline = goOffline();
    const kept = await store.getState().keepPhotoOffline(imageFile('cep.jpg', 2048));
    goOnline();
    await turns();

    const posted: unknown[] = [];
    server.on(`POST ${API}/locations/l1/entries`, (call) => {
      posted.push(call.body);
      return json({ id: 'e1' }, 201);
    });
    const adding = store.getState().addEntry('l1', { date: '2024-06-01', photos: [kept] });
    await until(() => uploads.length === 1, 'the upload');
    expect(uploads[0]?.url).toBe(`${API}/photos`);
    expect(uploads[0]?.file?.name).toBe('cep.jpg');
    uploads[0]?.respond(201, photoEntry('cep'));
    await adding;
    expect(posted).toMatchObject([{ date: '2024-06-01', photos: [{ filePath: 'u/cep.webp' }] }]);
    expect(store.getState().outbox).toEqual([]);
    expect(store.getState().locations[0]?.entries[0]?.photos[0]?.filePath).toBe('u/cep.webp');
  });

  it('online, a refused entry with a kept photo is re-thrown, not queued', async () => {
    const store = await signedIn();
    const uploads = installFakeXhr();
    const goOnline = goOffline();
    const kept = await store.getState().keepPhotoOffline(imageFile('cep.jpg', 2048));
    goOnline();
    await turns();
    server.on(`POST ${API}/locations/l1/entries`, () =>
      json({ error: { code: 'VALIDATION_FAILED', message: 'Date is in the future' } }, 400),
    );
    const adding = store.getState().addEntry('l1', { date: '2024-06-01', photos: [kept] });
    await until(() => uploads.length === 1, 'the upload');
    uploads[0]?.respond(201, photoEntry('cep'));
    await expect(adding).rejects.toMatchObject({ status: 400 });
    expect(store.getState().outbox).toEqual([]);
  });
});
