import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, signedInUser } from '../../testing/fake-auth.ts';
import { type FakeFetch, installFakeFetch, json } from '../../testing/fake-fetch.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';

const auth = await vi.hoisted(async () =>
  (await import('../../testing/fake-auth.ts')).fakeAuthSlot(),
);
vi.mock('../../lib/identity/auth-provider.tsx', () => ({
  useAuth: auth.useAuth,
}));

const { ProfilePage } = await import('./profile-page.tsx');

let server: FakeFetch;

function renderProfile() {
  renderWithRouter(
    <>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/login" element={<h1>Login page</h1>} />
      </Routes>
      <ToastContainer />
    </>,
    { path: '/profile' },
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

beforeEach(() => {
  auth.current = fakeAuth({ user: signedInUser });
  server = installFakeFetch();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfilePage: name', () => {
  it('shows who is signed in', () => {
    renderProfile();
    expect(screen.getByTestId('profile-name').textContent).toBe('ada');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
  });

  it('renames the account and shows the stored name', async () => {
    server.on('POST /api/auth/update-user', () => json({ status: true }));
    server.on('GET /api/auth/get-session', () =>
      json({ session: {}, user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' } }),
    );
    renderProfile();
    fill('Name', ' Ada Lovelace ');
    fireEvent.click(button('Save name'));
    expect(await screen.findByText('Name saved.')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/update-user')[0]?.body).toEqual({
      name: 'Ada Lovelace',
    });
    expect(screen.getByTestId('profile-name').textContent).toBe('Ada Lovelace');
  });
});

describe('ProfilePage: password', () => {
  const changeCalls = () => server.callsTo('POST /api/auth/change-password');

  function submitPasswords(current: string, next: string, confirm = next) {
    fill('Current password', current);
    fill('New password', next);
    fill('Repeat new password', confirm);
    fireEvent.click(button('Change password'));
  }

  it('checks the form before asking the server', () => {
    renderProfile();
    submitPasswords('', 'long-enough');
    expect(screen.getByRole('alert').textContent).toBe('Enter your current password.');
    submitPasswords('old-secret', 'short');
    expect(screen.getByRole('alert').textContent).toBe(
      'The new password needs at least 6 characters.',
    );
    submitPasswords('old-secret', 'new-secret', 'new-secreT');
    expect(screen.getByRole('alert').textContent).toBe('The two new passwords do not match.');
    expect(changeCalls()).toEqual([]);
  });

  it('changes it, signing other devices out', async () => {
    server.on('POST /api/auth/change-password', () => json({ token: null }));
    renderProfile();
    submitPasswords('old-secret', 'new-secret');
    expect(await screen.findByText(/Password changed/)).toBeTruthy();
    expect(changeCalls()[0]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
      revokeOtherSessions: true,
    });
    expect(screen.getByLabelText('New password')).toHaveProperty('value', '');
  });

  it("shows the server's refusal inline", async () => {
    server.on('POST /api/auth/change-password', () =>
      json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400),
    );
    renderProfile();
    submitPasswords('wrong-one', 'new-secret');
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not right.');
  });
});

describe('ProfilePage: sign out and delete', () => {
  it('signs out, then goes to /login', async () => {
    renderProfile();
    fireEvent.click(button('Sign out'));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(auth.current?.logout).toHaveBeenCalledTimes(1);
  });

  it('deletes only after DELETE and the password, then cleans up', async () => {
    server.on('POST /api/auth/delete-user', () => json({ success: true, message: 'User deleted' }));
    renderProfile();
    fireEvent.click(button('Delete account…'));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Type DELETE to confirm')),
    );
    const confirm = button('Delete my account');
    expect(confirm).toHaveProperty('disabled', true);
    fill('Type DELETE to confirm', 'delete');
    fill('Your password', 'secret-1');
    expect(confirm).toHaveProperty('disabled', true);
    fill('Type DELETE to confirm', 'DELETE');
    fill('Your password', '');
    expect(confirm).toHaveProperty('disabled', true);
    fill('Your password', 'secret-1');
    expect(confirm).toHaveProperty('disabled', false);
    expect(dialog).toBeTruthy();

    fireEvent.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(server.callsTo('POST /api/auth/delete-user')[0]?.body).toEqual({
      password: 'secret-1',
    });
    expect(auth.current?.logout).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Your account and all its data were deleted.')).toBeTruthy();
  });

  it('keeps everything when the password is wrong', async () => {
    server.on('POST /api/auth/delete-user', () =>
      json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 400),
    );
    renderProfile();
    fireEvent.click(button('Delete account…'));
    fill('Type DELETE to confirm', 'DELETE');
    fill('Your password', 'wrong');
    fireEvent.click(button('Delete my account'));
    expect((await screen.findByRole('alert')).textContent).toBe('That password is not right.');
    expect(auth.current?.logout).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes on Esc and on the back button’s event, focus back on the opener', () => {
    renderProfile();
    const opener = button('Delete account…');
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByLabelText('Your password'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    fireEvent.click(opener);
    act(() => {
      window.dispatchEvent(new Event('fj:close-top-modal'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
