import { beforeAll, describe, expect, it } from 'vitest';
import {
  createDecodeGate,
  decodeQueueLength,
  decodeSlots,
  ServerBusyError,
} from '../src/modules/photos/decode-gate.ts';
import { errorOf } from './helpers/api-client.ts';
import { databaseKinds } from './helpers/databases.ts';
import { makeJpeg } from './helpers/images.ts';
import { photoRows, storedPhotoFiles, uploadPhoto } from './helpers/photos.ts';
import type { TestUser } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Work that holds its place in the gate until released. */
function heldWork() {
  let release = () => {};
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: () => done, release };
}

describe('the decode gate', () => {
  it('runs two at once, queues four, and refuses the seventh', async () => {
    const gate = createDecodeGate();
    expect([decodeSlots, decodeQueueLength]).toEqual([2, 4]);
    let running = 0;
    let mostAtOnce = 0;
    const holds = Array.from({ length: 6 }, heldWork);
    const runs = holds.map((hold) =>
      gate.run(async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await hold.work();
        running -= 1;
      }),
    );
    expect([gate.active, gate.waiting]).toEqual([2, 4]);
    await expect(gate.run(async () => 'seventh')).rejects.toBeInstanceOf(ServerBusyError);
    for (const hold of holds) hold.release();
    await Promise.all(runs);
    expect(mostAtOnce).toBe(2);
    await expect(gate.run(async () => 'after')).resolves.toBe('after');
  });
});

describe.each(databaseKinds)('photo uploads past the decode limit on $name', (kind) => {
  const t = useTestApp(kind);
  let user: TestUser;
  let jpeg: Buffer;
  beforeAll(async () => {
    user = await t.signUp();
    jpeg = await makeJpeg({ width: 300, height: 200 });
  });

  it('answers 503 with Retry-After while every slot and queue place is taken, and takes the queued upload once free', async () => {
    const gate = t.app.imageDecodeGate;
    // Two slots and three queue places held; a real upload takes the last queue place.
    const holds = Array.from({ length: decodeSlots + decodeQueueLength - 1 }, heldWork);
    const held = holds.map((hold) => gate.run(hold.work));
    const queued = uploadPhoto(t, user, jpeg);
    while (gate.waiting < decodeQueueLength) await new Promise((resolve) => setTimeout(resolve, 5));

    const refused = await uploadPhoto(t, user, jpeg);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('3');
    expect(errorOf(refused).code).toBe('SERVER_BUSY');
    expect(await photoRows(t, user.id)).toEqual([]);
    expect(storedPhotoFiles(t)).toEqual([]);

    for (const hold of holds) hold.release();
    await Promise.all(held);
    expect((await queued).statusCode).toBe(201);
    expect(await photoRows(t, user.id)).toHaveLength(1);
    expect((await uploadPhoto(t, user, jpeg)).statusCode).toBe(201);
  });
});
