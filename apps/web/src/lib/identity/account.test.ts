import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeFetch, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { changeName, changePassword, deleteAccount, useAccountUser } from './account.ts';
import { IdentityError } from './identity-error.ts';

let server: FakeFetch;
const user = { uid: 'u1', email: 'ada@example.com', name: 'ada' };

beforeEach(() => {
  server = installFakeFetch();
  server.on('POST /api/auth/update-user', () => json({ status: true }));
  server.on('GET /api/auth/get-session', () =>
    json({ session: { id: 's' }, user: { id: 'u1', email: user.email, name: 'Ada L.' } }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('account', () => {
  it('renames, reads the stored name back and publishes it', async () => {
    const { result } = renderHook(() => useAccountUser(user));
    expect(result.current?.name).toBe('ada');
    await act(async () => {
      expect(await changeName('u1', '  Ada L. ')).toBe('Ada L.');
    });
    expect(server.callsTo('POST /api/auth/update-user')[0]?.body).toEqual({ name: 'Ada L.' });
    expect(result.current).toEqual({ ...user, name: 'Ada L.' });
  });

  it('changes the password, signing other devices out', async () => {
    server.on('POST /api/auth/change-password', () => json({ token: 't' }));
    await changePassword('old-secret', 'new-secret');
    const [sent] = server.callsTo('POST /api/auth/change-password');
    expect(sent?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
      revokeOtherSessions: true,
    });
    expect(sent?.init.credentials).toBe('include');
  });

  it("passes the server's error on", async () => {
    server.on('POST /api/auth/delete-user', () =>
      json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400),
    );
    const failure = await deleteAccount('u1', 'nope').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdentityError);
    expect(failure).toMatchObject({ code: 'INVALID_PASSWORD', message: 'Invalid password' });
  });
});
