import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  empty,
  type FakeFetch,
  installFakeFetch,
  json,
  signedInServer,
} from '../../testing/fake-fetch.ts';
import { readInvitation } from './invitation-page.tsx';

let server: FakeFetch;
beforeEach(() => {
  server = installFakeFetch();
  signedInServer(server);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function openAt(hash: string) {
  window.history.replaceState(null, '', `/invitation${hash}`);
  vi.resetModules();
  const { InvitationPage } = await import('./invitation-page.tsx');
  render(
    <MemoryRouter>
      <InvitationPage />
    </MemoryRouter>,
  );
}

describe('readInvitation', () => {
  it('splits the fragment at its last dot, and refuses what lacks a part', () => {
    expect(readInvitation('#g-1.tok_en')).toEqual({ grantId: 'g-1', token: 'tok_en' });
    expect(readInvitation('#g1.')).toBeNull();
    expect(readInvitation('#.token')).toBeNull();
    expect(readInvitation('')).toBeNull();
  });
});

describe('InvitationPage (docs/behaviour.md#sharing)', () => {
  it('changes nothing when opened, takes the token out of the address bar, and accepts on Accept', async () => {
    server.on('POST /api/v1/shared/g1/accept', () => empty());
    server.on('GET /api/v1/shared', () => json({ data: [] }));
    await openAt('#g1.secret-token');
    await screen.findByRole('button', { name: 'Accept' });
    expect(window.location.hash).toBe('');
    expect(server.callsTo('POST /api/v1/shared/g1/accept')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(/^Accepted\./)).toBeTruthy();
    expect(server.callsTo('POST /api/v1/shared/g1/accept').map((call) => call.body)).toEqual([
      { token: 'secret-token' },
    ]);
  });

  it('says the invitation ended when the server answers 404', async () => {
    server.on('POST /api/v1/shared/g1/accept', () =>
      json({ error: { code: 'NOT_FOUND', message: 'Share not found' } }, 404),
    );
    await openAt('#g1.wrong');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This invitation has ended/);
  });

  it('offers no Accept for a link without its token', async () => {
    await openAt('#g1');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^This invitation has ended/);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
