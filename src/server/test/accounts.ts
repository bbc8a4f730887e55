import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, type TestApp } from './helpers.ts';

// Test helpers for the accounts feature: a real SMTP server, mail decoding, a real ALTCHA solve.

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  /** The first http(s) link of the plain-text part. */
  link: string;
}

/** A real SMTP server in-process; `delayMs` holds each message before accepting it (a slow relay). */
export async function startSmtp(options: { delayMs?: number } = {}) {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push(
          parseMail(
            raw,
            (session.envelope.rcptTo || []).map((r) => r.address),
          ),
        );
        const accept = () => {
          for (const w of waiters.splice(0)) w();
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next mail to `to` that arrives (or already arrived) after `since` mails. */
    async waitFor(to: string, since = 0, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    mailsTo: (to: string) => mails.filter((m) => m.to.includes(to)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/** Just enough MIME for our own mails: the subject and the text/plain part, decoded. */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const [head = '', ...rest] = normalized.split('\n\n');
  const headers = head.replace(/\n[ \t]+/g, ' ');
  const subject = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  const boundary = /boundary="?([^";\n]+)"?/i.exec(headers)?.[1];
  let text = decodePart(headers, rest.join('\n\n'));
  if (boundary) {
    for (const part of normalized.split(`--${boundary}`)) {
      const [ph = '', ...pb] = part.replace(/^\n/, '').split('\n\n');
      if (/content-type:\s*text\/plain/i.test(ph)) {
        text = decodePart(ph, pb.join('\n\n'));
        break;
      }
    }
  }
  const link = /https?:\/\/\S+/.exec(text)?.[0] ?? '';
  return { to, raw, subject, text, link };
}

/** The path and query of a mailed link, to call on the app under test. */
export const pathOf = (link: string): string => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};

export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/** Fetches a challenge and solves it for real, as the widget does in the browser. */
export async function solveCaptcha(app: FastifyInstance, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ url: '/api/captcha/challenge', remoteAddress });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let ipCounter = 0;
/** A fresh client address, so one test's per-IP limits never touch another's. */
export const freshIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export interface Credentials {
  email: string;
  username: string;
  password: string;
}

let userCounter = 0;
export function newCredentials(prefix = 'user'): Credentials {
  userCounter += 1;
  const id = `${prefix}${process.pid % 1000}_${userCounter}`;
  return { email: `${id}@example.com`, username: id.slice(0, 20), password: 'Sunny-Day-42' };
}

/** Registers through the API and follows the mailed link: a verified member. */
export async function registerVerified(app: FastifyInstance, smtp: TestSmtp, creds = newCredentials()) {
  const before = smtp.mails.length;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: creds,
    remoteAddress: freshIp(),
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const mail = await smtp.waitFor(creds.email, before);
  const verify = await app.inject({
    url: pathOf(mail.link).replace('/verify-email', '/api/auth/verify-email'),
  });
  const location = new URL(String(verify.headers.location), 'http://x');
  if (location.searchParams.get('verification') !== 'success') throw new Error(`verify: ${location}`);
  return { ...creds, token: location.searchParams.get('token') ?? '', id: res.json().user.id as number };
}

/** Signs in through the API with a real captcha solution. */
export async function login(
  app: FastifyInstance,
  body: { email?: string; username?: string; password: string; remember?: boolean },
  remoteAddress = freshIp(),
) {
  const captcha = await solveCaptcha(app, remoteAddress);
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...body, captcha }, remoteAddress });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The real app with its mail going to an in-process SMTP server; close() stops both. Links in mails
 * start with https://futurecast.example unless `env` says otherwise.
 */
export async function startAppWithMail(options: Parameters<typeof buildTestApp>[0] = {}) {
  const smtp = await startSmtp();
  const t: TestApp = await buildTestApp({
    ...options,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://futurecast.example', ...options.env },
  });
  return {
    t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
