import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  empty,
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';

const share = {
  id: 's1',
  audience: { email: 'ben@example.com' },
  locationIds: ['l1', 'l2', 'l3'],
  precision: 'cell02',
  dates: 'month',
  include: { finds: true, notes: false, photos: false },
  status: 'accepted',
  expiresAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastUsedAt: '2026-11-20T00:00:00.000Z',
  useCount: 2,
};
const invitation = {
  id: 'g1',
  from: { name: 'Anna' },
  status: 'pending',
  precision: 'km1',
  expiresAt: '2026-12-01T00:00:00.000Z',
};

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  signedInServer(server);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderPage() {
  vi.resetModules();
  const { SharingPage } = await import('./sharing-page.tsx');
  render(<SharingPage />);
}

describe('SharingPage (docs/behaviour.md#sharing)', () => {
  it('lists what the user shares and what is shared with them, and says revoking cannot unsee', async () => {
    server.on('GET /api/v1/shares', () => json({ data: [share] }));
    server.on('GET /api/v1/shared', () => json({ data: [invitation] }));
    await renderPage();
    expect(await screen.findByText('ben@example.com')).toBeTruthy();
    expect(screen.getByText('3 spots, within 20 km, by month')).toBeTruthy();
    expect(screen.getByText(/Opened 2 times, last on/)).toBeTruthy();
    expect(screen.getByText(/cannot unsee what was already viewed/)).toBeTruthy();
    expect(screen.getByText('From Anna')).toBeTruthy();
  });

  it('revokes after a second click, then reads the list again', async () => {
    let revoked = false;
    server.on('GET /api/v1/shares', () =>
      json({ data: [{ ...share, status: revoked ? 'revoked' : 'accepted' }] }),
    );
    server.on('GET /api/v1/shared', () => json({ data: [] }));
    server.on('DELETE /api/v1/shares/s1', () => {
      revoked = true;
      return empty();
    });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(server.callsTo('DELETE /api/v1/shares/s1')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke now' }));
    expect(await screen.findByText('Revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('accepts an invitation, then shows its spots', async () => {
    let accepted = false;
    server.on('GET /api/v1/shares', () => json({ data: [] }));
    server.on('GET /api/v1/shared', () =>
      json({
        data: [
          accepted
            ? {
                ...invitation,
                status: 'accepted',
                locations: [{ id: 'o', name: 'Birch slope', entries: [] }],
              }
            : invitation,
        ],
      }),
    );
    server.on('POST /api/v1/shared/g1/accept', () => {
      accepted = true;
      return empty();
    });
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Birch slope · on your map')).toBeTruthy();
  });
});
