import { describe, expect, it, vi } from 'vitest';
import { makeLocation } from '../testing/factories.ts';
import { empty, json } from '../testing/fake-fetch.ts';
import { settle, setUpStoreTests, signedInStore } from '../testing/store-kit.ts';

const t = setUpStoreTests();

describe('location loading', () => {
  const listCalls = () => t.server.callsTo('GET /api/v1/locations').length;

  it('goes loading → loaded and records the fetch time', async () => {
    const store = await signedInStore();
    const fetching = store.getState().fetchLocations();
    expect(store.getState().locationsLoading).toBe(true);
    await fetching;
    expect(store.getState().locationsLoading).toBe(false);
    expect(store.getState().locations.map((l) => l.id)).toEqual(['l1']);
    expect(store.getState().lastLocationsFetch).toBe(Date.now());
  });

  it("fails with 'Failed to load locations'", async () => {
    t.server.on('GET /api/v1/locations', () => json({}, 500));
    const store = await signedInStore();
    await store.getState().fetchLocations();
    expect(store.getState().locationsError).toBe('Failed to load locations');
    expect(store.getState().locationsLoading).toBe(false);
  });

  it('skips a fetch while one is running', async () => {
    const store = await signedInStore();
    const first = store.getState().fetchLocations();
    await store.getState().fetchLocations(true);
    await first;
    expect(listCalls()).toBe(1);
  });

  it('skips a fetch under 30 s after the last one, unless forced', async () => {
    const store = await signedInStore();
    await store.getState().fetchLocations();
    vi.advanceTimersByTime(29_999);
    await store.getState().fetchLocations();
    expect(listCalls()).toBe(1);
    await store.getState().fetchLocations(true);
    expect(listCalls()).toBe(2);
    vi.advanceTimersByTime(30_000);
    await store.getState().fetchLocations();
    expect(listCalls()).toBe(3);
  });
});

describe('location writes', () => {
  const input = { name: 'Glade', position: { lat: 1, lng: 2 } };

  it('adding waits for the server, then keeps its whole location', async () => {
    let answer: (response: Response) => void = () => undefined;
    t.server.on('POST /api/v1/locations', () => new Promise((r) => (answer = r)));
    const store = await signedInStore();
    const adding = store.getState().addLocation(input);
    await settle();
    expect(store.getState().locations).toEqual([]);
    answer(json(makeLocation({ id: 'new' }), 201));
    await expect(adding).resolves.toMatchObject({ id: 'new' });
    expect(store.getState().locations.map((l) => l.id)).toEqual(['new']);
  });

  it('adding builds the location from the input when the answer is only an id', async () => {
    t.server.on('POST /api/v1/locations', () => json({ id: 'only-id' }, 201));
    const store = await signedInStore();
    const added = await store.getState().addLocation({ ...input, description: null });
    expect(added).toMatchObject({ id: 'only-id', name: 'Glade', entries: [], favorite: false });
    expect(added.description).toBeUndefined();
    expect(store.getState().locations).toEqual([added]);
  });

  it('updating is shown first; a failure is logged, re-thrown and the list refetched', async () => {
    let answer: (response: Response) => void = () => undefined;
    t.server.on('PUT /api/v1/locations/l1', () => new Promise((r) => (answer = r)));
    const store = await signedInStore();
    await store.getState().fetchLocations();
    const updating = store.getState().updateLocation('l1', { name: 'Renamed' });
    expect(store.getState().locations[0]?.name).toBe('Renamed');
    await settle();
    answer(json({ error: { code: 'INTERNAL', message: 'boom' } }, 500));
    await expect(updating).rejects.toMatchObject({ status: 500 });
    await settle();
    expect(t.error).toHaveBeenCalledWith('Failed to update location', expect.anything());
    expect(t.server.callsTo('GET /api/v1/locations')).toHaveLength(2);
    expect(store.getState().locations[0]?.name).toBe('Spot l1');
  });

  it('deleting waits for the server; a failure keeps the location and is re-thrown', async () => {
    t.server.on('DELETE /api/v1/locations/l1', () => json({}, 500));
    const store = await signedInStore();
    await store.getState().fetchLocations();
    await expect(store.getState().deleteLocation('l1')).rejects.toMatchObject({ status: 500 });
    expect(store.getState().locations).toHaveLength(1);
    t.server.on('DELETE /api/v1/locations/l1', () => empty());
    await store.getState().deleteLocation(' l1 ');
    expect(store.getState().locations).toEqual([]);
  });
});

describe('entry writes', () => {
  async function storeWithLocation() {
    t.server.on('GET /api/v1/locations', () =>
      json({
        data: [
          makeLocation({
            id: 'l1',
            entries: [
              {
                id: 'e1',
                locationId: 'l1',
                date: '2024-05-01',
                finds: [],
                notes: 'old',
                photos: [],
                createdAt: '2024-05-01T00:00:00.000Z',
                updatedAt: '2024-05-01T00:00:00.000Z',
              },
            ],
          }),
        ],
      }),
    );
    const store = await signedInStore();
    await store.getState().fetchLocations();
    return store;
  }

  it('an answer holding the location replaces the local one', async () => {
    const fromServer = makeLocation({ id: 'l1', name: 'From server' });
    t.server.on('POST /api/v1/locations/l1/entries', () => json({ location: fromServer }, 201));
    const store = await storeWithLocation();
    await store.getState().addEntry('l1', { date: '2024-06-01' });
    expect(store.getState().locations).toEqual([fromServer]);
  });

  it('otherwise the entry is added locally and updatedAt refreshed', async () => {
    t.server.on('POST /api/v1/locations/l1/entries', () => json({ id: 'e2' }, 201));
    const store = await storeWithLocation();
    vi.setSystemTime(new Date('2024-06-02T08:00:00.000Z'));
    await store.getState().addEntry('l1', { date: '2024-06-01', notes: 'new' });
    const location = store.getState().locations[0];
    expect(location?.entries.map((e) => e.id)).toEqual(['e2', 'e1']);
    expect(location?.entries[0]).toMatchObject({ locationId: 'l1', notes: 'new', photos: [] });
    expect(location?.updatedAt).toBe('2024-06-02T08:00:00.000Z');
  });

  it('changes and removes entries locally when the answer has no location', async () => {
    t.server.on('PUT /api/v1/locations/l1/entries/e1', () => json({}));
    t.server.on('DELETE /api/v1/locations/l1/entries/e1', () => empty());
    const store = await storeWithLocation();
    vi.setSystemTime(new Date('2024-06-03T08:00:00.000Z'));
    await store.getState().updateEntry(' l1', 'e1 ', { notes: 'changed' });
    expect(store.getState().locations[0]?.entries[0]?.notes).toBe('changed');
    expect(store.getState().locations[0]?.updatedAt).toBe('2024-06-03T08:00:00.000Z');
    await store.getState().deleteEntry('l1', 'e1');
    expect(store.getState().locations[0]?.entries).toEqual([]);
  });

  it('waits for the server and re-throws its refusal, logged', async () => {
    t.server.on('PUT /api/v1/locations/l1/entries/e1', () => json({}, 404));
    const store = await storeWithLocation();
    await expect(store.getState().updateEntry('l1', 'e1', { notes: 'x' })).rejects.toMatchObject({
      status: 404,
    });
    expect(store.getState().locations[0]?.entries[0]?.notes).toBe('old');
    expect(t.error).toHaveBeenCalledWith('Failed to update entry', expect.anything());
  });
});
