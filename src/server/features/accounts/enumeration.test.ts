import type { KyselyPlugin, OperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshIp,
  newCredentials,
  registerVerified,
  startSmtp,
  type TestSmtp,
} from '#server/test/accounts.ts';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '#server/test/helpers.ts';

// Security issue 22, finding 5: forgot-password and resend-verification answered ~6 ms slower for
// existing accounts, because only then did they write a token before replying. Rather than time
// replies (noisy), this records the SQL each request runs before its reply is sent: the same
// statements whether or not the account exists. The link is still mailed, after the reply.

/** 'SelectQueryNode users': a statement's kind and the first table it names. */
function describeQuery(node: OperationNode): string {
  const seen = JSON.stringify(node, (key, value) => (key === 'parameters' ? undefined : value));
  const table =
    /"table":\{"kind":"IdentifierNode","name":"(\w+)"/.exec(seen)?.[1] ?? /"name":"(\w+)"/.exec(seen)?.[1];
  return `${node.kind} ${table ?? '?'}`;
}

describe('forgot-password and resend-verification do the same work for any email', () => {
  let t: TestApp;
  let database: TestDatabase;
  let smtp: TestSmtp;
  let recording = false;
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      if (recording) statements.push(describeQuery(args.node));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    database = await createTestDatabase();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url },
      deps: { database: { ...database, db: database.db.withPlugin(recorder) } },
      // The reply is about to be written: whatever runs after this is not in its timing.
      setup: (app) => {
        app.addHook('onSend', async () => {
          recording = false;
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
    await smtp.close();
  });

  async function beforeReply(url: string, email: string): Promise<{ status: number; statements: string[] }> {
    statements.length = 0;
    recording = true;
    const res = await t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress: freshIp() });
    recording = false;
    return { status: res.statusCode, statements: [...statements] };
  }

  it('forgot-password: one lookup before the reply, whether or not the account exists', async () => {
    const member = await registerVerified(t.app, smtp);
    const before = smtp.mails.length;
    const existing = await beforeReply('/api/forgot-password', member.email);
    const missing = await beforeReply('/api/forgot-password', 'nobody-here@example.com');
    expect(existing.status).toBe(200);
    expect(missing.status).toBe(200);
    expect(existing.statements).toEqual(missing.statements);
    expect(existing.statements).toEqual(['SelectQueryNode users']);
    // The real account still gets its link, prepared after the reply.
    expect((await smtp.waitFor(member.email, before)).subject).toMatch(/reset/i);
  });

  it('resend-verification: the same for an unverified, a verified and an unknown email', async () => {
    const creds = newCredentials('pending');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: creds,
      remoteAddress: freshIp(),
    });
    await smtp.waitFor(creds.email);
    const verified = await registerVerified(t.app, smtp);
    const before = smtp.mails.length;
    const unverified = await beforeReply('/api/auth/resend-verification', creds.email);
    const done = await beforeReply('/api/auth/resend-verification', verified.email);
    const missing = await beforeReply('/api/auth/resend-verification', 'nobody-else@example.com');
    for (const r of [unverified, done, missing]) expect(r.status).toBe(200);
    expect(unverified.statements).toEqual(missing.statements);
    expect(done.statements).toEqual(missing.statements);
    expect((await smtp.waitFor(creds.email, before)).subject).toMatch(/verif/i);
  });
});
