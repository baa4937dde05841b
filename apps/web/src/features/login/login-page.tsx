import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signedInHereBefore } from '../../lib/identity/this-device.ts';
import { CredentialsForm } from './credentials-form.tsx';
import { ModeTabs, type CredentialsMode } from './mode-tabs.tsx';
import { ResetForm } from './reset-form.tsx';

type Mode = CredentialsMode | 'reset';

/** A first visit is not greeted as a return (issue 32): "Welcome back" only on a returning device. */
export const signInTitle = (returning: boolean) =>
  returning ? 'Welcome back' : 'Sign in to your journal';

const titles: Record<Exclude<Mode, 'sign-in'>, string> = {
  'sign-up': 'Create your journal',
  reset: 'Reset your password',
};

/** Sign in, create an account, or ask for a reset mail: one page, three modes. */
export function LoginPage() {
  const [params] = useSearchParams();
  const resetDone = params.get('reset') === 'done';
  const [mode, setMode] = useState<Mode>('sign-in');
  const [email, setEmail] = useState('');
  const [returning] = useState(signedInHereBefore);

  return (
    <div className="auth-page">
      <aside className="auth-hero">
        <p className="auth-hero-brand">
          <span className="brand-logo" aria-hidden="true" /> Foraging Journal
        </p>
        <p className="auth-hero-line">Your spots, your seasons, kept to yourself.</p>
        <p className="auth-hero-sub">
          Mark where the chanterelles hide, note what you found and when, and come back next year
          knowing exactly where to look.
        </p>
      </aside>
      <main className="auth-main">
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title">{mode === 'sign-in' ? signInTitle(returning) : titles[mode]}</h1>
          {resetDone && (
            <p className="notice notice-success" role="status">
              Your password has been changed. Sign in with your new password.
            </p>
          )}
          {mode === 'reset' ? (
            <ResetForm email={email} onEmailChange={setEmail} onBack={() => setMode('sign-in')} />
          ) : (
            <>
              <ModeTabs mode={mode} onChange={setMode} />
              <CredentialsForm
                key={mode}
                mode={mode}
                email={email}
                onEmailChange={setEmail}
                onForgotPassword={() => setMode('reset')}
              />
            </>
          )}
          <p className="auth-footer">
            <Link to="/privacy-policy">Privacy policy</Link>
          </p>
        </section>
      </main>
    </div>
  );
}
