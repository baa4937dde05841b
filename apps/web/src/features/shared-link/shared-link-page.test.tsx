import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { placeText } from '../../lib/sharing/place-text.ts';
import { SharedLinkPage } from './shared-link-page.tsx';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-122.4, 45.6],
      [-122.2, 45.6],
      [-122.2, 45.8],
      [-122.4, 45.8],
      [-122.4, 45.6],
    ] as [number, number][],
  ],
};

const view = {
  from: { name: 'Anna' },
  precision: 'cell02',
  expiresAt: '2026-12-01T00:00:00.000Z',
  locations: [
    {
      id: 'o1',
      name: 'Edge meadow',
      area: square,
      entries: [
        {
          id: 'e1',
          date: '2025-08',
          finds: [{ species: 'chanterelle', quantity: 2, unit: 'kg' }],
          notes: 'under the birches',
        },
      ],
    },
  ],
};

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  window.history.replaceState(null, '', '/s/#the-token');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SharedLinkPage (docs/behaviour.md#sharing)', () => {
  it('opens the link with the token from the fragment, then drops it from the address bar', async () => {
    server.on('POST /api/v1/share-sessions', () =>
      json({ data: { credential: 'cred', expiresIn: 900 } }, 201),
    );
    server.on('GET /api/v1/shared/link', () => json({ data: view }));
    render(<SharedLinkPage />);
    expect(window.location.hash).toBe('');
    expect(await screen.findByRole('heading', { name: 'Spots shared by Anna' })).toBeTruthy();
    expect(server.calls[0]?.body).toEqual({ token: 'the-token' });
    expect(screen.getByRole('heading', { name: 'Edge meadow' })).toBeTruthy();
    expect(
      screen.getByText('Somewhere in the 20 km square 45.6° N to 45.8° N, 122.4° W to 122.2° W'),
    ).toBeTruthy();
    expect(screen.getByText('Aug 2025')).toBeTruthy();
    expect(screen.getByText(/chanterelle 2 kg/)).toBeTruthy();
  });

  it('says a wrong, revoked or expired link has ended', async () => {
    render(<SharedLinkPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired, was revoked, or is not complete.',
    );
  });

  it('says so when the fragment holds no token, and asks the server nothing', async () => {
    window.history.replaceState(null, '', '/s/');
    render(<SharedLinkPage />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This link is not complete: ask for it again.',
    );
    expect(server.calls).toEqual([]);
  });
});

describe('placeText', () => {
  it('says no more than the precision gives', () => {
    const base = { id: 'x', name: 'x', entries: [] };
    expect(placeText({ ...base, position: { lat: -33.95, lng: 151.21 } }, 'exact')).toBe(
      'At 33.95° S, 151.21° E',
    );
    expect(placeText(base, 'hidden')).toBe('Its place is not shared');
  });
});
