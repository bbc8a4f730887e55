import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp, testDialects } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';
import { MALFORMED_TEXT_MESSAGE } from './well-formed-text.ts';

// Security issue 22, finding 5: a lone surrogate was stored as U+FFFD, so a 444-character comment
// became 504 characters, past the 500 limit. Stored text must equal accepted text.

describe.each(testDialects)('text that is not valid UTF-16, on %s', (dialect) => {
  let t: TestApp;
  let m: TestMember;
  let id: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    m = await createMember(t);
    id = await prediction(t, { userId: m.id });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers = m.headers) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      // Written by hand: JSON.stringify would escape the lone surrogate the same way a client can.
      payload: JSON.stringify(payload),
    });

  it('is refused with a 400 that says why, on every call that takes text, and nothing is stored', async () => {
    const lone = `${'a'.repeat(444)}\ud800`;
    const calls: Array<[string, unknown]> = [
      [`/api/predictions/${id}/comments`, { comment: lone }],
      [
        '/api/predictions',
        { prediction_text: `Bitcoin will pass 200k by 2030 ${lone}`, categories: null, visibility: true },
      ],
      ['/api/faq-feedback', { faqIndex: 0, faqQuestion: `Q\udfff`, feedbackType: 'like' }],
      ['/api/auth/check-username', { username: 'abc\udc00' }],
      ['/api/auth/login', { email: 'a@b.co', password: `pass\ud83dword` }],
    ];
    for (const [url, payload] of calls) {
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        success: false,
        code: 'INVALID_TEXT',
        message: MALFORMED_TEXT_MESSAGE,
      });
    }
    const comments = await t.database.db
      .selectFrom('comments')
      .select('id')
      .where('prediction_id', '=', id)
      .execute();
    expect(comments).toHaveLength(0);
  });

  it('accepts proper surrogate pairs, and stores exactly what it accepted', async () => {
    const text = `${'😀'.repeat(200)} fine`;
    const res = await post(`/api/predictions/${id}/comments`, { comment: text });
    expect(res.statusCode).toBe(201);
    const row = await t.database.db
      .selectFrom('comments')
      .select('comment_text')
      .where('prediction_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.comment_text).toBe(text);
  });
});
