import type { TestApp } from './helpers.ts';

// Members for API tests: a users row and a real session token from the auth plugin.

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
