import { loginPath } from '@fj/contract/web-paths';
import { escapeHtml } from '../../lib/escape-html.ts';

export interface ResetPageState {
  token?: string;
  error?: string;
  minLength: number;
}

/** A small page with no script: it must work in any mail client's browser. */
export function resetPasswordPage({ token, error, minLength }: ResetPageState): string {
  const form = token
    ? `<form method="post" action="/reset-password">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <label for="password">New password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="${minLength}" required autofocus>
  <label for="confirm">Repeat the new password</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${minLength}" required>
  <button type="submit">Set new password</button>
</form>`
    : `<p><a href="${loginPath}">Back to sign in</a>, where you can ask for a new link.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reset password · Foraging Journal</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f3f1ea; color: #1f2a1f; margin: 0; display: grid; place-items: center; min-height: 100vh; }
  main { background: #fff; padding: 2rem; border-radius: 12px; width: min(92vw, 24rem); box-shadow: 0 2px 12px #0002; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  label { display: block; margin: 1rem 0 .3rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #8a8f7f; border-radius: 6px; }
  button { margin-top: 1.4rem; width: 100%; padding: .7rem; font-size: 1rem; border: 0; border-radius: 6px; background: #2f5d34; color: #fff; cursor: pointer; }
  .error { background: #fde8e6; color: #8a1c12; padding: .7rem; border-radius: 6px; }
</style>
</head>
<body>
<main>
<h1>Set a new password</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${form}
</main>
</body>
</html>`;
}
