import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage, withChunkTimeout } from './lazy-page.ts';
import { PageSlot } from './page-slot.tsx';
import { renderWithRouter } from '../../testing/render-with-router.tsx';

const never = () => new Promise<never>(() => {});

describe('withChunkTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives up with 'Loading chunk failed' after 120000 ms, not before", async () => {
    const failed = vi.fn();
    void withChunkTimeout(never).catch(failed);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toHaveBeenCalledTimes(1);
    const error: unknown = failed.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toHaveProperty('message', 'Loading chunk failed');
  });

  it('passes the module through and clears its timer', async () => {
    const module = { ok: true };
    await expect(withChunkTimeout(async () => module)).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("turns a failed import into 'Loading chunk failed'", async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const result = withChunkTimeout(() => Promise.reject(cause));
    await expect(result).rejects.toMatchObject({ message: 'Loading chunk failed', cause });
  });
});

describe('a lazy page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function renderLazy(load: () => Promise<{ Page: () => React.JSX.Element }>) {
    const Page = lazyPage(load, 'Page');
    renderWithRouter(
      <PageSlot>
        <Page />
      </PageSlot>,
    );
  }

  it("shows 'Loading...' while its script loads, then the page", async () => {
    let arrive: (module: { Page: () => React.JSX.Element }) => void = () => {};
    renderLazy(() => new Promise((resolve) => (arrive = resolve)));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await act(async () => {
      arrive({ Page: () => <h1>Arrived</h1> });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { name: 'Arrived' })).toBeTruthy();
  });

  it('renders at once, with no spinner, once its preloaded script has arrived', async () => {
    const Page = lazyPage(async () => ({ Page: () => <h1>Preloaded</h1> }), 'Page');
    Page.preload();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    renderWithRouter(
      <PageSlot>
        <Page />
      </PageSlot>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Preloaded' })).toBeTruthy();
  });

  it("shows 'Loading chunk failed' when the script never arrives", async () => {
    renderLazy(never);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120_000);
    });
    expect(screen.getByRole('heading', { name: 'Loading chunk failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
