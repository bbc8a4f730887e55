import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursAgo, prediction } from '#server/test/community.ts';
import { buildTestApp, type TestApp } from '#server/test/helpers.ts';
import { createMember, type TestMember } from '#server/test/members.ts';

// Guests' explore pages answered by the HTTP server itself while they are cached
// (plugins/hot-replies.ts addMatching): over real sockets, since inject() never reaches it.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const own = (h: Raw['headers']) => Object.fromEntries(Object.entries(h).filter(([k]) => !TRANSPORT.has(k)));

describe('explore pages from the micro-cache', () => {
  let t: TestApp;
  let port: number;
  let voter: TestMember;
  let id: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const author = await createMember(t);
    voter = await createMember(t);
    for (let i = 0; i < 8; i++) id = await prediction(t, { userId: author.id, createdAt: hoursAgo(i + 1) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const served = async () => {
    const metrics = (await get(port, '/metrics')).body.toString();
    const line = metrics.split('\n').find((l) => l.startsWith('http_hot_replies_total{path="explore"}'));
    return Number(line?.split(' ')[1] ?? 0);
  };

  it.each(['br', 'identity'])(
    "sends the route's bytes and headers (%s) once a page is cached, to guests only",
    async (encoding) => {
      const accept = { 'accept-encoding': encoding };
      for (const path of [
        `/api/predictions?sort=hot&limit=5&e=${encoding}`,
        `/api/predictions/${id}?e=${encoding}`,
      ]) {
        const before = await served();
        const first = await get(port, path, accept);
        expect(first.headers['x-explore-cache']).toBe('miss');
        const hot = await get(port, path, accept);
        expect(await served()).toBe(before + 1);
        const routed = await t.app.inject({ url: path, headers: accept });
        expect(routed.headers['x-explore-cache']).toBe('hit');
        expect(own(hot.headers)).toEqual(own(routed.headers as Raw['headers']));
        expect(hot.body.equals(routed.rawPayload)).toBe(true);
        // Signed-in and fresh requests go to the route.
        expect((await get(port, path, { ...accept, ...voter.headers })).headers['cache-control']).toBe(
          'no-store',
        );
        expect(
          (await get(port, path, { ...accept, 'cache-control': 'no-cache' })).headers['x-explore-cache'],
        ).toBe('miss');
        expect(await served()).toBe(before + 1);
      }
    },
  );

  it('stops answering a page as soon as a vote changes it', async () => {
    const path = `/api/predictions/${id}`;
    await get(port, path);
    const likes = async () => JSON.parse((await get(port, path)).body.toString()).prediction.engagement.likes;
    expect(await likes()).toBe(0);
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/predictions/${id}/like`,
      headers: voter.headers,
    });
    expect(vote.statusCode).toBe(200);
    expect(await likes()).toBe(1);
  });
});
