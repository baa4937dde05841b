import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender and recipients, as given in MAIL FROM / RCPT TO. */
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpListener {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** The next mail to arrive (or one already here that no earlier call took). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 and a free port, keeping every message it is given. */
export async function startSmtpListener(): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    async nextMail(timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      const mail = received[taken++];
      if (!mail) throw new Error('no mail');
      return mail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MailPart {
  headers: Record<string, string>;
  /** Decoded text of a leaf part; empty for a multipart container. */
  text: string;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end >= 0 ? normalised.slice(0, end) : normalised;
  const body = end >= 0 ? normalised.slice(end + 2) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
      // Keep literal "%" from turning into an escape before decoding the =XX ones.
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    }
    default:
      return body;
  }
}

/** Every part of a MIME message, depth first: just enough MIME to read what nodemailer writes. */
export function mailParts(raw: string): MailPart[] {
  const { headers, body } = splitHead(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    const parts: MailPart[] = [{ headers, text: '' }];
    for (const section of sections) {
      if (section.startsWith('--')) break;
      parts.push(...mailParts(section.replace(/^\n/, '')));
    }
    return parts;
  }
  return [{ headers, text: decodeBody(body, headers['content-transfer-encoding']) }];
}

/** The decoded text/plain body of a message. */
export function mailText(raw: string): string {
  const part = mailParts(raw).find((p) =>
    (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith('text/plain'),
  );
  if (!part) throw new Error('the mail has no text/plain part');
  return part.text;
}

/** The decoded text/html body of a message. */
export function mailHtml(raw: string): string {
  const part = mailParts(raw).find((p) =>
    (p.headers['content-type'] ?? '').toLowerCase().startsWith('text/html'),
  );
  if (!part) throw new Error('the mail has no text/html part');
  return part.text;
}

/** The top-level headers of a message (lower-case names, folded lines joined). */
export function mailHeaders(raw: string): Record<string, string> {
  return splitHead(raw).headers;
}
