import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config.ts';

// The one mail path (ARCHITECTURE.md § Configuration): SMTP through nodemailer when SMTP_URL is
// set; otherwise nodemailer builds the same message and it is written as an .eml file into
// MAIL_OUTBOX_DIR, with one log line carrying the link so a developer can follow it.

interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside the mail: logged only in the outbox (no SMTP) case. */
  link: string;
  /** Extra headers, e.g. List-Unsubscribe on the digest. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Sends without making the caller wait; failures are logged, never thrown. */
  sendInBackground(mail: OutgoingMail): void;
  /** Resolves once every background send has finished (used on shutdown and in tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  async function send(mail: OutgoingMail): Promise<void> {
    const info = await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.headers ? { headers: mail.headers } : {}),
    });
    if (smtpUrl) return;
    await mkdir(outboxDir, { recursive: true });
    const file = join(
      outboxDir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    await writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    // Development only (no SMTP_URL): the one place a link may appear in the log.
    log.info({ file, link: mail.link }, `mail "${mail.subject}" written to the outbox`);
  }

  return {
    send,
    sendInBackground(mail) {
      const p = send(mail)
        .catch((err: unknown) => log.error({ err: scrub(err) }, `could not send mail "${mail.subject}"`))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await this.flush();
      transport.close();
    },
  };
}

/** Errors from SMTP can echo the message; keep only what helps and never the body. */
function scrub(err: unknown): { message: string; code?: string } {
  const e = err as { message?: string; code?: string };
  return { message: String(e?.message ?? err).slice(0, 300), ...(e?.code ? { code: e.code } : {}) };
}
