import type { TestApp } from '#server/test/helpers.ts';

// Members for predictions tests: a users row and a real session token from the auth plugin.

export interface TestMember {
  id: number;
  username: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

let counter = 0;

export async function createMember(t: TestApp, username?: string, createdAt?: string): Promise<TestMember> {
  counter++;
  const name = username ?? `member_${process.pid % 1000}_${counter}`;
  const joined = createdAt ?? new Date().toISOString();
  const user = await t.database.db
    .insertInto('users')
    .values({
      email: `${name.toLowerCase()}@example.test`,
      username: name,
      username_key: name.toLowerCase(),
      password_hash: null,
      google_sub: null,
      email_verified_at: joined,
      is_demo: 0,
      created_at: joined,
    })
    .returning(['id', 'username', 'email'])
    .executeTakeFirstOrThrow();
  const { token } = await t.app.sessions.issue(user, { remember: false });
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}

export function submit(t: TestApp, member: TestMember | null, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/predictions',
    headers: member ? member.headers : {},
    payload,
  });
}

/** Texts the engine scores in a known way (see src/server/scoring). */
export const TEXTS = {
  good: 'By 2030, more than half of new software code will be written with the help of AI assistants.',
  goodNearCopy: 'By 2030 more than half of new software code will be written with the help of AI assistants!',
  politics: 'The ruling party will lose its parliament majority in the general election of 2027.',
  neutral: 'Within five years most people in my town will own a folding bicycle for commuting.',
  abusive: 'You are all idiots and morons, f*** you, this site is garbage',
  machine:
    'As an AI language model, it is important to note that in conclusion the future of technology will be transformative and multifaceted, fostering innovation across diverse landscapes.',
  gibberish: 'asdkjh qwelkj zxcmnb qwpoei lkjasd',
} as const;
