import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from './routing/lazy-page.ts';

const raw = vi.hoisted(() => ({
  marker: vi.fn(),
  geometry: vi.fn(),
  drawing: vi.fn(),
  places: vi.fn(),
}));
vi.mock('../lib/maps/map-libraries.ts', () => ({ mapLibraryLoaders: raw }));

const { timedMapLibraryLoaders } = await import('./map-library-loaders.ts');

afterEach(() => {
  vi.useRealTimers();
});

describe('map libraries in the app', () => {
  it('arrive as they load', async () => {
    const drawing = { name: 'terra-draw' };
    raw.drawing.mockResolvedValue(drawing);
    await expect(timedMapLibraryLoaders.drawing()).resolves.toBe(drawing);
  });

  it("fail as a page script does: 'Loading chunk failed'", async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    raw.marker.mockRejectedValue(cause);
    const failure = timedMapLibraryLoaders.marker();
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toMatchObject({ message: 'Loading chunk failed', cause });
  });

  it('give up after 120 s without an answer', async () => {
    vi.useFakeTimers();
    raw.geometry.mockReturnValue(new Promise(() => undefined));
    const failed = vi.fn();
    void timedMapLibraryLoaders.geometry().catch(failed);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadError);
  });
});
