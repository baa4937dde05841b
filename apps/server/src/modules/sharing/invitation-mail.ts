import type { SharePrecision } from '@fj/contract/sharing';
import { invitationPath } from '@fj/contract/web-paths';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Mail } from '../../plugins/mail.ts';

export interface Invitation {
  to: string;
  /** The owner's name as they gave it at sign-up: theirs to choose, so escaped and one line. */
  from: string;
  spots: number;
  precision: SharePrecision;
  expiresAt: string;
  grantId: string;
  /** The claim token: its hash is all the database keeps. */
  token: string;
  publicUrl: string;
}

const placeWords: Record<SharePrecision, string> = {
  exact: 'at their exact place',
  km1: 'within a 1 km square',
  cell02: 'within a 20 km square',
  hidden: 'without their place',
};

/**
 * The link is `PUBLIC_URL/invitation#{grant id}.{token}`: the token sits in the fragment, so it
 * reaches no server log, Referer or link preview, and the page it opens changes nothing until
 * its Accept button is pressed (mail scanners open every link).
 */
export const invitationLink = (publicUrl: string, grantId: string, token: string) =>
  `${publicUrl}${invitationPath}#${grantId}.${token}`;

/**
 * The invitation of an e-mail share (docs/behaviour.md#sharing). It names the owner, how many
 * spots and until when; no spot's name or place, which the invitee sees once accepted.
 */
export function invitationMail(invitation: Invitation): Mail {
  // eslint-disable-next-line no-control-regex -- a name is one line of text in a subject
  const from = invitation.from.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || 'Someone';
  const link = invitationLink(invitation.publicUrl, invitation.grantId, invitation.token);
  const spots = `${invitation.spots} ${invitation.spots === 1 ? 'spot' : 'spots'}`;
  const until = invitation.expiresAt.slice(0, 10);
  const what = `${from} shares ${spots} with you on Foraging Journal, ${placeWords[invitation.precision]}, until ${until}.`;
  const how = `Sign in (or create an account with this address, ${invitation.to}), then accept here:`;
  const html = [
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(how)} <a href="${escapeHtml(link)}">Open the invitation</a></p>`,
    '<p>If you did not expect this, ignore this mail: nothing is shared until you accept.</p>',
  ].join('');
  return {
    to: invitation.to,
    subject: `${from} shares foraging spots with you`,
    text: `${what}\n\n${how}\n${link}\n\nIf you did not expect this, ignore this mail: nothing is shared until you accept.`,
    html,
  };
}
