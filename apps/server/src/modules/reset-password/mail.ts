import type { Mail } from '../../plugins/mail.ts';

/** The reset mail (docs/behaviour.md#password-reset): its link opens the page in page.ts. */
export function resetPasswordMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Foraging Journal password',
    text: `Someone asked to reset the password of your Foraging Journal account.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your Foraging Journal account.</p><p><a href="${link}">Set a new password</a> (the link works once, for one hour).</p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}
