import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IdentityError, type IdentityUser } from '../../lib/identity/identity.ts';
import { fakeAuth } from '../../testing/fake-auth.ts';
import { renderWithRouter } from '../../testing/render-with-router.tsx';

const auth = await vi.hoisted(async () =>
  (await import('../../testing/fake-auth.ts')).fakeAuthSlot(),
);
vi.mock('../../lib/identity/auth-provider.tsx', () => ({
  useAuth: auth.useAuth,
}));

const { LoginPage } = await import('./login-page.tsx');

function renderLogin(path = '/login') {
  renderWithRouter(<LoginPage />, { path });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('LoginPage', () => {
  beforeEach(() => {
    auth.current = fakeAuth();
    localStorage.clear();
  });

  it('greets a first visit without "Welcome back", and a device someone signed in on with it', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to your journal');
    expect(document.body.textContent).not.toContain('Welcome back');
    cleanup();
    // Signed in once and logged out since: the marker stays, naming no one.
    localStorage.setItem('signedInHereBefore', 'true');
    renderLogin();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back');
  });

  it('signs in with the trimmed email, the button disabled while it runs', async () => {
    let finish: (user: IdentityUser) => void = () => {};
    const signIn = vi.fn(() => new Promise<IdentityUser>((resolve) => (finish = resolve)));
    auth.current = fakeAuth({ signIn });
    renderLogin();
    fill('Email', ' ada@example.com ');
    fill('Password', 'chanterelle');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIn).toHaveBeenCalledWith('ada@example.com', 'chanterelle');
    const busy = screen.getByRole('button', { name: 'Signing in…' });
    expect(busy).toHaveProperty('disabled', true);
    await act(async () => finish({ uid: 'u1', email: 'ada@example.com', name: 'ada' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', false);
  });

  it("shows the server's message inline when sign-in fails", async () => {
    const signIn = vi.fn(() =>
      Promise.reject(new IdentityError('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password')),
    );
    auth.current = fakeAuth({ signIn });
    renderLogin();
    fill('Email', 'ada@example.com');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it('creates an account on the second tab', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your journal');
    fill('Email', 'new@example.com');
    fill('Password', 'morels!');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('button', { name: 'Create account' });
    expect(auth.current?.signUp).toHaveBeenCalledWith('new@example.com', 'morels!');
  });

  it('moves between the tabs with the arrow keys', () => {
    renderLogin();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Sign in' }), { key: 'ArrowRight' });
    const signUp = screen.getByRole('tab', { name: 'Create account' });
    expect(signUp.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(signUp);
  });

  it('sends a reset mail and says so', async () => {
    renderLogin();
    fill('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reset your password');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const note = await screen.findByText(/Reset email sent to ada@example\.com/);
    expect(note.getAttribute('role')).toBe('status');
    expect(auth.current?.sendPasswordResetEmail).toHaveBeenCalledWith('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in to your journal');
  });

  it('says the password was changed when the reset page sends the user back', () => {
    renderLogin('/login?reset=done');
    expect(screen.getByRole('status').textContent).toBe(
      'Your password has been changed. Sign in with your new password.',
    );
  });

  it('says the server is unreachable when the request never got there', async () => {
    const signIn = vi.fn(() =>
      Promise.reject(new IdentityError('auth/network-request-failed', 'Failed to fetch')),
    );
    auth.current = fakeAuth({ signIn });
    renderLogin();
    fill('Email', 'ada@example.com');
    fill('Password', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });

  it('shows a general message when the failure has no server text', async () => {
    const signIn = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    auth.current = fakeAuth({ signIn });
    renderLogin();
    fill('Email', 'ada@example.com');
    fill('Password', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Something went wrong. Check your connection and try again.',
    );
  });
});
