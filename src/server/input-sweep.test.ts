import { ErrorReplySchema } from '#shared/schemas/common.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp, testDialects } from './test/helpers.ts';
import { type TestMember, createMember } from '#server/test/members.ts';

// Ground rule 3 for every documented call at once: each operation of the OpenAPI document is sent
// malformed path parameters, query strings and bodies (wrong types, nulls, huge and control-character
// strings, broken JSON), as a guest, a member and with forged credentials. None may answer 5xx, and
// every 4xx must be the one error shape with a message a person can read. A new route is swept as
// soon as it is documented.

type Operation = { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } };

const PARAMS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  '%00',
  'x'.repeat(3000),
  '%E2%80%AE',
  '..%2F..',
];
const QUERIES = [
  '',
  '?timeframe=zzz&category=%00&limit=-1&page=abc&x[]=1',
  '?limit=99999999999999999999&offset=1e9',
];
const BODIES = [
  undefined,
  '',
  '{}',
  'null',
  '[]',
  '"s"',
  '{',
  '1',
  JSON.stringify({ a: { b: [1, { c: null }] } }),
];
const FIELD_VALUES: unknown[] = [
  null,
  1,
  -1,
  1e308,
  true,
  'x'.repeat(70_000),
  '',
  [],
  {},
  ['a'],
  '\u0000',
  '😀'.repeat(600),
];

describe.each(testDialects)('malformed input on every documented call (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let predictionId: number;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    owner = await createMember(t);
    predictionId = await prediction(t, { userId: owner.id });
  });
  afterAll(() => t.close());

  it('answers 4xx with a readable message, never 5xx, for guests, members and forged tokens', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const problems: string[] = [];
    const rejected = new Set<string>();
    let sent = 0;
    let current = owner;
    for (const [path, operations] of Object.entries(doc.paths)) {
      // Logging out would revoke the sweeping member's session; logout has its own tests.
      if (path.endsWith('/logout')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const fields = Object.keys(
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        );
        const bodies =
          method === 'get'
            ? [undefined]
            : [...BODIES, ...fields.flatMap((f) => FIELD_VALUES.map((v) => JSON.stringify({ [f]: v })))];
        const params = path.includes('{') ? [...PARAMS, String(predictionId), owner.username] : ['-'];
        for (const param of params) {
          const url = path.replace(/\{[^}]+\}/g, param);
          for (const query of path.includes('{') || param === '-' ? QUERIES : ['']) {
            for (const who of ['guest', 'member', 'Bearer forged.token.value', 'Basic eDp5'] as const) {
              // A fresh member every so often, so per-member limits don't hide the validation.
              if (who === 'member' && sent % 25 === 0) current = await createMember(t);
              const authorization =
                who === 'guest' ? undefined : who === 'member' ? current.headers.authorization : who;
              for (const body of bodies) {
                sent++;
                const res = await t.app.inject({
                  method: method.toUpperCase() as 'GET',
                  url: url + query,
                  // A different client address each time: per-IP limits are tested elsewhere.
                  remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
                  headers: {
                    ...(authorization ? { authorization } : {}),
                    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                  },
                  ...(body === undefined ? {} : { payload: body }),
                });
                const what = `${method.toUpperCase()} ${url.slice(0, 60)}${query} [${who}] ${String(body).slice(0, 40)}`;
                if (res.statusCode >= 500)
                  problems.push(`${what} → ${res.statusCode} ${res.body.slice(0, 120)}`);
                if (res.statusCode >= 400 && res.statusCode < 500) {
                  rejected.add(`${method} ${path}`);
                  const parsed = ErrorReplySchema.safeParse(res.json());
                  if (!parsed.success || parsed.data.message.trim() === '') {
                    problems.push(
                      `${what} → ${res.statusCode} without the error shape: ${res.body.slice(0, 120)}`,
                    );
                  }
                }
              }
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The sweep reached the calls' validation, not just their doors.
    expect(sent).toBeGreaterThan(5000);
    for (const call of [
      'post /api/predictions',
      'post /api/predictions/{id}/comments',
      'post /api/predictions/{id}/like',
      'post /api/faq-feedback',
      'post /api/auth/register',
      'get /api/analytics-dashboard',
    ]) {
      expect(rejected).toContain(call);
    }
  }, 120_000);
});
