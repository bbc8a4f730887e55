import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

// Serves the fixture feeds in e2e/fixtures/feeds over real HTTP for tests. Placeholders such as
// {{rfc822:5h}} and {{iso:30m}} become times that long before the moment of the request, so the
// fixtures stay 'fresh'. Supports ETag / If-None-Match like a real feed host.

const FIXTURE_DIR = resolve(import.meta.dirname, '../../../e2e/fixtures/feeds');

export function renderFixture(name: string, now = Date.now()): string {
  return readFileSync(join(FIXTURE_DIR, name), 'utf8').replace(
    /\{\{(rfc822|iso):(\d+)([mhd])\}\}/g,
    (_m, format: string, n: string, unit: string) => {
      const ms = Number(n) * (unit === 'm' ? 60_000 : unit === 'h' ? 3_600_000 : 86_400_000);
      const d = new Date(now - ms);
      return format === 'iso' ? d.toISOString() : d.toUTCString();
    },
  );
}

export interface FixtureServer {
  url(name: string): string;
  /** Requests seen, as '<path> <status>'. */
  log: string[];
  /** Replace a path's body (or status) for the next requests. */
  override(path: string, reply: { status?: number; body?: string; delayMs?: number }): void;
  close(): Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const overrides = new Map<string, { status?: number; body?: string; delayMs?: number }>();
  const log: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const o = overrides.get(path);
    const send = () => {
      let status = o?.status ?? 200;
      let body = o?.body;
      if (body === undefined && status === 200) {
        try {
          body = renderFixture(path.replace(/^\/+/, ''));
        } catch {
          status = 404;
          body = 'not found';
        }
      }
      const etag = `"${Buffer.from(body ?? '').length}-${path.length}"`;
      if (status === 200 && o?.body === undefined && req.headers['if-none-match'] === etag) status = 304;
      log.push(`${path} ${status}`);
      res.writeHead(status, {
        'content-type': path.endsWith('.atom') ? 'application/atom+xml' : 'application/rss+xml',
        ...(status === 200 ? { etag } : {}),
      });
      res.end(status === 304 ? undefined : body);
    };
    if (o?.delayMs) setTimeout(send, o.delayMs);
    else send();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    log,
    override: (path, reply) => overrides.set(path, reply),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
