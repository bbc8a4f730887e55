import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES as MSG } from '#shared/schemas/accounts.ts';
import { VALIDATION_MESSAGES } from '#shared/rules/validation.ts';
import { hashPassword } from '#server/features/accounts/passwords.ts';
import { createPredictionsService } from '#server/features/predictions/predictions.service.ts';
import { freshIp, newCredentials } from '#server/test/accounts.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { expectStoredFiguresEqualRecount } from '#server/test/recount.ts';

// DELETE /api/account (issue 27): the typed username (and the password, when the account has one)
// confirms; everything of the member goes in one transaction, their marks on other members'
// predictions are taken back exactly, every session ends, and the username is held for 30 days.

const PASSWORD = 'Sunny-Day-42';
const PLACES = [
  ['Lagos', 'Chile', 'Vienna'],
  ['Mombasa', 'Peru', 'Prague'],
  ['Durban', 'Bolivia', 'Zagreb'],
  ['Tema', 'Namibia', 'Ljubljana'],
];
let made = 0;
const DAY_MS = 86_400_000;

describe.each(testDialects)('DELETE /api/account on %s', (dialect) => {
  let t: TestApp;
  let others: TestMember[];

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    others = [await createMember(t), await createMember(t)];
  });
  afterAll(() => t.close());

  const remove = (member: TestMember | null, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: member ? member.headers : {},
      payload,
    });
  const exists = async (id: number) =>
    (await t.database.db.selectFrom('users').select('id').where('id', '=', id).execute()).length === 1;

  /** A member with a password, a history, and marks on other members' predictions. */
  async function activeMember(): Promise<TestMember & { predictionIds: number[]; port: string }> {
    const m = await createMember(t);
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', m.id)
      .execute();
    const service = createPredictionsService({ db: t.database.db });
    const predictionIds: number[] = [];
    const now = Date.now();
    const [port, country, city] = PLACES[made++ % PLACES.length] as [string, string, string];
    for (const [i, text] of [
      `By 2031 the harbour of ${port} will handle twice its 2025 container volume.`,
      `Within four years ${country} will export more green hydrogen than copper by value.`,
      `Before 2030 ${city} will ban all private cars from its first district.`,
    ].entries()) {
      const { prediction } = await service.submit(
        m,
        { prediction_text: text, categories: i ? 'Economy' : null, visibility: i !== 2 },
        { at: new Date(now - i * 3 * DAY_MS) },
      );
      predictionIds.push(prediction.id);
    }
    const theirs = await service.submit(others[0] as TestMember, {
      prediction_text: `By 2033 Gdansk will build ${Math.floor(Math.random() * 1e6)} new flats by the sea.`,
    });
    const targets = [theirs.prediction.id, predictionIds[0] as number];
    for (const id of targets) {
      for (const [who, action] of [
        [m, 'like'],
        [others[1], 'dislike'],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/predictions/${id}/${action}`,
          headers: (who as TestMember).headers,
        });
        expect(res.statusCode).toBe(200);
      }
      for (const who of [m, others[1] as TestMember]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/predictions/${id}/comments`,
          headers: who.headers,
          payload: { comment: `A comment by ${who.username}` },
        });
        expect(res.statusCode).toBe(201);
      }
    }
    const at = new Date().toISOString();
    await t.database.db
      .insertInto('member_visits')
      .values({ user_id: m.id, seen_at: at, since_at: null, session_id: null })
      .execute();
    await t.database.db
      .insertInto('digest_subscriptions')
      .values({ user_id: m.id, created_at: at, through_at: at })
      .execute();
    await t.database.db
      .insertInto('email_tokens')
      .values({ user_id: m.id, purpose: 'reset', token_hash: `h${m.id}`, created_at: at, expires_at: at })
      .execute();
    await t.database.db
      .insertInto('faq_feedback')
      .values({
        faq_index: 1,
        faq_question: 'Q',
        feedback_type: 'dislike',
        user_email: m.email,
        user_id: m.id,
        created_at: at,
      })
      .execute();
    return { ...m, predictionIds, port };
  }

  it('needs a token, the exact username and the right password; a refusal keeps everything', async () => {
    const m = await activeMember();
    expect((await remove(null, { username: m.username, password: PASSWORD })).statusCode).toBe(401);
    for (const [payload, message] of [
      [{ username: m.username.toUpperCase(), password: PASSWORD }, MSG.usernameMismatch],
      [{ username: ` ${m.username}`, password: PASSWORD }, MSG.usernameMismatch],
      [{ password: PASSWORD }, MSG.usernameMismatch],
      [{ username: m.username, password: 'Wrong-Pass-1' }, MSG.passwordWrong],
      [{ username: m.username }, MSG.passwordRequired],
    ] as const) {
      const res = await remove(m, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await exists(m.id)).toBe(true);
    expect((await t.app.inject({ url: '/api/user', headers: m.headers })).statusCode).toBe(200);
    expect((await t.app.inject(`/api/predictions/${m.predictionIds[0]}`)).statusCode).toBe(200);
  });

  it('deletes everything of the member in one go, and takes their marks off the others’ predictions', async () => {
    const m = await activeMember();
    await expectStoredFiguresEqualRecount(t);
    const res = await remove(m, { username: m.username, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MSG.deleted });
    expect(res.headers['cache-control']).toBe('no-store');

    expect(await exists(m.id)).toBe(false);
    const db = t.database.db;
    for (const [table, column] of [
      ['predictions', 'user_id'],
      ['votes', 'user_id'],
      ['comments', 'user_id'],
      ['sessions', 'user_id'],
      ['email_tokens', 'user_id'],
      ['member_visits', 'user_id'],
      ['digest_subscriptions', 'user_id'],
      ['faq_feedback', 'user_id'],
    ] as const) {
      const rows = await db.selectFrom(table).select(column).where(column, '=', m.id).execute();
      expect(rows, table).toEqual([]);
    }
    const leftovers = await db
      .selectFrom('comments')
      .select('id')
      .where('prediction_id', 'in', m.predictionIds)
      .execute();
    expect(leftovers).toEqual([]);
    // Every session ended: the token is refused everywhere.
    expect((await t.app.inject({ url: '/api/user', headers: m.headers })).statusCode).toBe(401);
    expect((await remove(m, { username: m.username, password: PASSWORD })).statusCode).toBe(401);
    // Nothing of theirs is listed, found, opened or profiled any more.
    for (const id of m.predictionIds)
      expect((await t.app.inject(`/api/predictions/${id}`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/predictions?q=${m.port}`)).json().predictions).toEqual([]);
    expect((await t.app.inject(`/api/users/${m.username}`)).statusCode).toBe(404);
    expect((await t.app.inject('/api/predictions?limit=50')).body).not.toContain(m.username);
    await expectStoredFiguresEqualRecount(t);
  });

  it('holds the username for 30 days: taken for the availability check, refused at registration', async () => {
    const m = await activeMember();
    expect((await remove(m, { username: m.username, password: PASSWORD })).statusCode).toBe(200);
    const check = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/check-username',
        payload: { username },
        remoteAddress: freshIp(),
      });
    const register = (username: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { ...newCredentials('held'), username },
        remoteAddress: freshIp(),
      });
    expect((await check(m.username)).json()).toMatchObject({ exists: true });
    expect((await check(m.username.toUpperCase())).json()).toMatchObject({ exists: true });
    const refused = await register(m.username.toUpperCase());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'USERNAME_HELD', message: MSG.usernameHeld });
    expect(refused.json().message).not.toBe(VALIDATION_MESSAGES.usernameTaken);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 29 * DAY_MS });
    expect((await check(m.username)).json()).toMatchObject({ exists: true });
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    expect((await check(m.username)).json()).toMatchObject({ exists: false });
    const taken = await register(m.username);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json().user.username).toBe(m.username);
  });

  it('lets a Google-only account confirm with its username alone', async () => {
    const g = await createMember(t);
    const res = await remove(g, { username: g.username });
    expect(res.statusCode, res.body).toBe(200);
    expect(await exists(g.id)).toBe(false);
  });

  it('limits attempts per member like the other account settings (429 with Retry-After)', async () => {
    const m = await createMember(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await remove(m, { username: 'not_me' })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    const limited = await remove(m, { username: m.username });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await exists(m.id)).toBe(true);
  });
});
