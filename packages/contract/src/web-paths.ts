/**
 * Web app addresses the server sends people to (docs/behaviour.md#password-reset): the reset
 * page links back to the login page and, once the new password is set, redirects there with
 * `?reset=done`, which the login page answers with a note.
 */
export const loginPath = '/login';
export const loginAfterResetPath = `${loginPath}?reset=done`;

/**
 * The page an invitation mail links to (docs/behaviour.md#sharing): `/invitation#{grant id}.{token}`.
 * Opening it changes nothing (mail scanners open every link); its Accept button does.
 */
export const invitationPath = '/invitation';
