import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/helpers.ts';
import { parseTrustProxy } from './trust-proxy.ts';

// Security issue 22, finding 4: behind a load balancer the rate limits must key on the client's
// real address. Two clients (127.0.0.2 and 127.0.0.3; Linux routes all of 127/8 to loopback) talk
// to a real reverse proxy on 127.0.0.1, which appends the address it saw to X-Forwarded-For, as
// nginx's $proxy_add_x_forwarded_for and cloud load balancers do; the app sees only the proxy.

interface Reply {
  status: number;
  body: { ip?: string; message?: string };
}

/** A one-hop reverse proxy in front of `port`. */
async function startProxy(port: number): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const seen = req.socket.remoteAddress ?? '';
    const before = req.headers['x-forwarded-for'];
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': before ? `${before}, ${seen}` : seen },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** A request from `client` through the proxy, optionally with a forged X-Forwarded-For. */
function via(
  proxyPort: number,
  client: string,
  path: string,
  options: { method?: string; forged?: string; body?: object } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        localAddress: client,
        method: options.method ?? 'GET',
        path,
        headers: {
          ...(options.forged ? { 'x-forwarded-for': options.forged } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function behindProxy(trustProxy: string | undefined) {
  const t = await buildTestApp({
    env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy },
    setup: (app) => {
      app.get('/api/test-ip', async (req) => ({ ip: req.ip }));
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await startProxy((t.app.server.address() as AddressInfo).port);
  return {
    t,
    proxy,
    close: async () => {
      await proxy.close();
      await t.close();
    },
  };
}

describe('TRUST_PROXY with two clients behind one proxy', () => {
  it.each([
    // [setting, what A's request.ip is, what B's is]: A forges its header, B does not.
    ['unset', '127.0.0.1', '127.0.0.1'],
    ['true', '203.0.113.9', '127.0.0.3'],
    ['1', '127.0.0.2', '127.0.0.3'],
    ['127.0.0.1', '127.0.0.2', '127.0.0.3'],
    ['10.0.0.0/8, 127.0.0.1/32', '127.0.0.2', '127.0.0.3'],
    // A range that holds the clients too believes them as well: list the proxies, not a wide range.
    ['loopback', '203.0.113.9', '127.0.0.3'],
    // The proxy is not listed: nothing it forwards is believed.
    ['192.0.2.1', '127.0.0.1', '127.0.0.1'],
  ])('TRUST_PROXY=%s: A is %s, B is %s', async (setting, a, b) => {
    const s = await behindProxy(setting === 'unset' ? undefined : setting);
    try {
      const forged = await via(s.proxy.port, '127.0.0.2', '/api/test-ip', { forged: '203.0.113.9' });
      const plain = await via(s.proxy.port, '127.0.0.3', '/api/test-ip');
      expect([forged.body.ip, plain.body.ip]).toEqual([a, b]);
    } finally {
      await s.close();
    }
  });

  it('limits each real client on its own, whatever X-Forwarded-For it forges', async () => {
    const s = await behindProxy('1');
    try {
      const attempt = (client: string, forged?: string) =>
        via(s.proxy.port, client, '/api/auth/login', {
          method: 'POST',
          forged,
          body: { email: 'someone@example.com', password: 'wrong-password' },
        });
      const statuses: number[] = [];
      // 35 wrong logins from A, each claiming another address, as in the report.
      for (let i = 0; i < 35; i++) statuses.push((await attempt('127.0.0.2', `198.51.100.${i}`)).status);
      expect(statuses.slice(0, 25).every((status) => status !== 429)).toBe(true);
      expect(statuses.slice(25).every((status) => status === 429)).toBe(true);
      // B, behind the same proxy, is not held up by A.
      expect((await attempt('127.0.0.3')).status).not.toBe(429);
    } finally {
      await s.close();
    }
  });
});

describe('TRUST_PROXY parsing', () => {
  it('takes false, true, a hop count, or addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,fd00::/8 ,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129', ',', '1.2.3']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/hop count/);
    }
  });
});

describe('the start-up warning for TRUST_PROXY=true', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      env: { TRUST_PROXY: 'true' },
      deps: {
        logger: {
          level: 'warn',
          stream: { write: (line: string) => lines.push(line) },
        },
      },
    });
  });
  afterAll(() => t.close());

  it('says that every hop is believed', () => {
    expect(lines.join('')).toMatch(/TRUST_PROXY=true believes every X-Forwarded-For hop/);
  });
});
