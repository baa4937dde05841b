import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Location } from '@fj/contract/locations';
import { makeLocation } from '../../testing/factories.ts';
import { timersBesideIndexedDb, freshIndexedDbPerTest } from '../../testing/fake-indexeddb.ts';
import { ApiError, NETWORK_CODE } from '../api/api-error.ts';
import { openJournalDb, type JournalDb } from './journal-db.ts';
import { createOutbox } from './outbox.ts';
import type { OutboxItem, OutboxOp } from './outbox-ops.ts';
import { createReplayer, REPLAY_FIRST_DELAY_MS, REPLAY_MAX_DELAY_MS } from './outbox-replay.ts';
import { isReplaying } from './replay-activity.ts';

freshIndexedDbPerTest();

const noAnswer = () => new ApiError(0, NETWORK_CODE, 'Failed to fetch');
const refused = (status: number, message = 'Refused') => new ApiError(status, 'X', message);

/**
 * A server as this one behaves: creates are idempotent by id, a delete of what is gone is a
 * 404, an update of what is gone too. `cutAfter` makes it stop answering after n writes.
 */
function fakeServer() {
  const locations = new Map<string, Location>();
  const received: OutboxOp[] = [];
  let answersLeft = Infinity;
  return {
    locations,
    received,
    cutAfter(count: number) {
      answersLeft = count;
    },
    reconnect() {
      answersLeft = Infinity;
    },
    send: vi.fn(async (op: OutboxOp): Promise<Location | undefined> => {
      await Promise.resolve();
      if (answersLeft <= 0) throw noAnswer();
      received.push(op);
      answersLeft -= 1;
      switch (op.kind) {
        case 'createLocation': {
          const { id, name } = op.input;
          const made = locations.get(id) ?? makeLocation({ id, name });
          locations.set(made.id, made);
          return made;
        }
        case 'updateLocation': {
          const found = locations.get(op.id);
          if (!found) throw refused(404, 'Location not found');
          const next = { ...found, ...op.changes } as Location;
          locations.set(op.id, next);
          return next;
        }
        case 'deleteLocation':
          if (!locations.delete(op.id)) throw refused(404, 'Location not found');
          return undefined;
        default:
          return undefined;
      }
    }),
  };
}

const create = (id: string, name = `Spot ${id}`): OutboxOp => ({
  kind: 'createLocation',
  input: { id, name, position: { lat: 1, lng: 2 } },
});

describe('outbox replay', () => {
  let db: Promise<JournalDb | null>;
  const open = () => db;
  beforeEach(() => {
    vi.useFakeTimers(timersBesideIndexedDb);
    db = openJournalDb('u1');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function replayerFor(server: ReturnType<typeof fakeServer>) {
    const outbox = createOutbox(open);
    const sent: OutboxItem[] = [];
    const passes = vi.fn();
    const replayer = createReplayer({
      outbox,
      send: server.send,
      onSent: (item) => sent.push(item),
      onQueueChange: () => undefined,
      onPassSent: passes,
    });
    return { outbox, replayer, sent, passes };
  }

  it('sends the writes in the order they were made, and empties the queue', async () => {
    const server = fakeServer();
    const { outbox, replayer, passes } = replayerFor(server);
    await outbox.add(create('a'));
    await outbox.add({ kind: 'updateLocation', id: 'a', changes: { description: 'Ceps' } });
    await outbox.add(create('b'));
    await outbox.add({ kind: 'deleteLocation', id: 'b' });
    await replayer.replay();
    expect(server.received.map((op) => op.kind)).toEqual([
      'createLocation',
      'updateLocation',
      'createLocation',
      'deleteLocation',
    ]);
    expect([...server.locations.keys()]).toEqual(['a']);
    expect(server.locations.get('a')?.description).toBe('Ceps');
    expect(await outbox.all()).toEqual([]);
    expect(passes).toHaveBeenCalledTimes(1);
  });

  it('says it is replaying while a pass runs (the update prompt waits on it)', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add(create('a'));
    const seen: boolean[] = [];
    server.send.mockImplementationOnce(async () => {
      seen.push(isReplaying());
      return undefined;
    });
    await replayer.replay();
    expect(seen).toEqual([true]);
    expect(isReplaying()).toBe(false);
  });

  it('resumes a replay cut off half-way with no loss and no duplicate', async () => {
    const server = fakeServer();
    const first = replayerFor(server);
    await first.outbox.add(create('a'));
    await first.outbox.add(create('b'));
    await first.outbox.add({ kind: 'updateLocation', id: 'b', changes: { name: 'Birches' } });
    server.cutAfter(1);
    await first.replayer.replay();
    expect(server.received).toHaveLength(1);
    expect((await first.outbox.all()).map((item) => item.op.kind)).toEqual([
      'createLocation',
      'updateLocation',
    ]);
    first.replayer.stop();

    // The app is closed and opened again: a new replayer on the same database.
    server.reconnect();
    const second = replayerFor(server);
    await second.replayer.replay();
    expect([...server.locations.keys()].sort()).toEqual(['a', 'b']);
    expect(server.locations.get('b')?.name).toBe('Birches');
    expect(await second.outbox.all()).toEqual([]);
  });

  it('replays an item whose answer was lost as the same id: the server makes it once', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add(create('a', 'Oak ridge'));
    // The server made it, but the answer never arrived.
    server.send.mockImplementationOnce(async (op) => {
      await server.send(op);
      throw noAnswer();
    });
    await replayer.replay();
    expect(await outbox.all()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(REPLAY_FIRST_DELAY_MS);
    await replayer.idle();
    expect(server.received.filter((op) => op.kind === 'createLocation')).toHaveLength(2);
    expect([...server.locations.values()].map((l) => l.name)).toEqual(['Oak ridge']);
    expect(await outbox.all()).toEqual([]);
  });

  it('counts a delete of what is already gone as done', async () => {
    const server = fakeServer();
    const { outbox, replayer, sent } = replayerFor(server);
    await outbox.add({ kind: 'deleteLocation', id: 'gone' });
    await replayer.replay();
    expect(sent).toHaveLength(1);
    expect(await outbox.all()).toEqual([]);
  });

  it('drops a change to a location deleted elsewhere and keeps it listed with what it held', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add({ kind: 'updateLocation', id: 'gone', changes: { name: 'Renamed' } });
    await outbox.add(create('a'));
    await replayer.replay();
    const [item] = await outbox.all();
    expect(item).toMatchObject({
      status: 'dropped',
      message: 'Location not found',
      op: { kind: 'updateLocation', changes: { name: 'Renamed' } },
    });
    expect(server.locations.has('a')).toBe(true);
  });

  it('keeps a refused write as failed with the server message, and sends it again on retry', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add(create('a'));
    server.send.mockRejectedValueOnce(refused(422, 'Name is too long'));
    await replayer.replay();
    const [failed] = await outbox.all();
    expect(failed).toMatchObject({ status: 'failed', message: 'Name is too long' });
    if (!failed) throw new Error('no item');
    await outbox.setStatus(failed.seq, 'pending');
    await replayer.replay();
    expect(await outbox.all()).toEqual([]);
    expect(server.locations.has('a')).toBe(true);
  });

  it('discarding an item takes it out of the queue unsent', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    const item = await outbox.add(create('a'));
    await outbox.add(create('b'));
    await outbox.remove(item.seq);
    await replayer.replay();
    expect([...server.locations.keys()]).toEqual(['b']);
  });

  it('backs off 5 s doubling to 5 min while no answer comes, then starts again at 5 s', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add(create('a'));
    server.cutAfter(0);
    await replayer.replay();
    const tries = () => server.send.mock.calls.length;
    expect(tries()).toBe(1);
    let delay = REPLAY_FIRST_DELAY_MS;
    for (let attempt = 2; attempt <= 9; attempt += 1) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      await replayer.idle();
      expect(tries()).toBe(attempt - 1);
      await vi.advanceTimersByTimeAsync(1);
      await replayer.idle();
      expect(tries()).toBe(attempt);
      delay = Math.min(delay * 2, REPLAY_MAX_DELAY_MS);
    }
    expect(delay).toBe(REPLAY_MAX_DELAY_MS);
    server.reconnect();
    await vi.advanceTimersByTimeAsync(REPLAY_MAX_DELAY_MS);
    await replayer.idle();
    expect(await outbox.all()).toEqual([]);
    // Nothing left: no more timers.
    await vi.advanceTimersByTimeAsync(REPLAY_MAX_DELAY_MS * 2);
    await replayer.idle();
    expect(tries()).toBe(10);
  });

  it('a 5xx is no refusal: the item waits for the next pass', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add(create('a'));
    server.send.mockRejectedValueOnce(refused(503));
    await replayer.replay();
    expect((await outbox.all())[0]?.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(REPLAY_FIRST_DELAY_MS);
    await replayer.idle();
    expect(await outbox.all()).toEqual([]);
  });

  it('a change the server cannot take now (5xx) holds back only what depends on it', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add(create('a'));
    await outbox.add({ kind: 'updateLocation', id: 'a', changes: { name: 'Cep bank' } });
    await outbox.add(create('b'));
    server.send.mockRejectedValueOnce(refused(503, 'Database is locked'));
    await replayer.replay();
    // b went in the same pass; a waits with the server's message, its edit behind it.
    expect([...server.locations.keys()]).toEqual(['b']);
    expect(await outbox.all()).toMatchObject([
      { status: 'pending', message: 'Database is locked', op: { kind: 'createLocation' } },
      { status: 'pending', op: { kind: 'updateLocation' } },
    ]);
    await vi.advanceTimersByTimeAsync(REPLAY_FIRST_DELAY_MS);
    await replayer.idle();
    expect(server.locations.get('a')?.name).toBe('Cep bank');
    expect(await outbox.all()).toEqual([]);
  });

  it('a refused create holds back the writes that need it until it is retried', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add(create('a'));
    await outbox.add({ kind: 'updateLocation', id: 'a', changes: { description: 'Ceps' } });
    await outbox.add(create('b'));
    server.send.mockRejectedValueOnce(refused(422, 'Name is too long'));
    await replayer.replay();
    expect(server.received.map((op) => op.kind)).toEqual(['createLocation']);
    expect(await outbox.all()).toMatchObject([
      { status: 'failed', op: { kind: 'createLocation' } },
      { status: 'pending', op: { kind: 'updateLocation' } },
    ]);
    const [failed] = await outbox.all();
    if (!failed) throw new Error('no item');
    await outbox.setStatus(failed.seq, 'pending');
    await replayer.replay();
    expect(server.locations.get('a')?.description).toBe('Ceps');
    expect(await outbox.all()).toEqual([]);
  });

  it('no answer at all ends the pass: nothing behind it is tried', async () => {
    const server = fakeServer();
    const { outbox, replayer } = replayerFor(server);
    await outbox.add(create('a'));
    await outbox.add(create('b'));
    server.send.mockRejectedValueOnce(noAnswer());
    await replayer.replay();
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(await outbox.all()).toHaveLength(2);
  });
});
