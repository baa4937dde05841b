import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The first link matching `pattern` in the newest mail to this address in DATA_DIR/outbox. */
async function readMailLink(
  dataDir: string,
  email: string,
  pattern: RegExp,
  what: string,
): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const safeTo = email.replace(/[^a-z0-9@._-]/gi, '_');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((name) => name.endsWith(`-${safeTo}.eml`));
    } catch {
      // no mail yet
    }
    const newest = files.sort().at(-1);
    if (newest) {
      // Undo quoted-printable soft breaks and escapes before looking for the link.
      const mail = readFileSync(path.join(outbox, newest), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/gi, '=');
      const link = pattern.exec(mail)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${what} mail for ${email} in ${outbox}`);
}

/** The reset link from the newest mail to this address (no SMTP_URL set). */
export const readResetLink = (dataDir: string, email: string) =>
  readMailLink(dataDir, email, /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/, 'reset');

/** The invitation link (`/invitation#{grant}.{token}`) of an e-mail share to this address. */
export const readInvitationLink = (dataDir: string, email: string) =>
  readMailLink(dataDir, email, /https?:\/\/[^\s"<>]+\/invitation#[^\s"<>]+/, 'invitation');
