import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The reset link from the newest mail to this address in DATA_DIR/outbox (no SMTP_URL set). */
export async function readResetLink(dataDir: string, email: string): Promise<string> {
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
      const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[^\s"<>]+/.exec(mail)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No reset mail for ${email} in ${outbox}`);
}
