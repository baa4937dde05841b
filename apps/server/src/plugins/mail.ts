import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { privateDirMode, privateFileMode } from '../lib/private-files.ts';
import { startOutboxSweeper } from './outbox-sweeper.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Without SMTP_URL, mail is written to DATA_DIR/outbox as .eml files, so nothing needs setting up. */
function createMailer(config: Config['mail']): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.from, ...mail });
      await mkdir(config.outboxDir, { recursive: true, mode: privateDirMode });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      await writeFile(path.join(config.outboxDir, `${Date.now()}-${safeTo}.eml`), info.message, {
        mode: privateFileMode,
      });
    },
  };
}

export default fp(
  async (app, opts: { mail: Config['mail']; mailer?: Mailer }) => {
    app.decorate('mailer', opts.mailer ?? createMailer(opts.mail));
    // Outbox mail holds reset links: it is not kept for ever (also left over from before SMTP_URL).
    const sweeper = startOutboxSweeper(opts.mail.outboxDir, Date.now, (error) =>
      app.log.warn({ err: error }, 'outbox sweep failed'),
    );
    await sweeper.first;
    app.addHook('onClose', () => sweeper.stop());
  },
  { name: 'mail' },
);
