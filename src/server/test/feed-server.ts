import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
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

interface FixtureReply {
  status?: number;
  body?: string;
  delayMs?: number;
  /** Extra response headers (a redirect's Location, a Content-Encoding). */
  headers?: Record<string, string>;
  /** Stream this many bytes of feed-like text in 64 KB chunks, without a Content-Length. */
  streamBytes?: number;
}

export interface FixtureServer {
  url(name: string): string;
  /** Requests seen, as '<path> <status>'. */
  log: string[];
  /** Bytes written for each streamed path before the stream ended or the client went away. */
  streamed: Map<string, number>;
  /** Replace a path's body (or status) for the next requests. */
  override(path: string, reply: FixtureReply): void;
  close(): Promise<void>;
}

export async function startFixtureServer(host = '127.0.0.1'): Promise<FixtureServer> {
  const overrides = new Map<string, FixtureReply>();
  const log: string[] = [];
  const streamed = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const o = overrides.get(path);
    if (o?.streamBytes !== undefined) {
      log.push(`${path} 200`);
      streamTo(res, path, o.streamBytes, streamed);
      return;
    }
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
        ...o?.headers,
      });
      res.end(status === 304 ? undefined : body);
    };
    if (o?.delayMs) setTimeout(send, o.delayMs);
    else send();
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://${host}:${port}/${name}`,
    log,
    streamed,
    override: (path, reply) => overrides.set(path, reply),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** An endless-looking feed: chunks written as fast as the client reads them, up to `total` bytes. */
function streamTo(res: ServerResponse, path: string, total: number, streamed: Map<string, number>): void {
  const chunk = Buffer.alloc(64 * 1024, '<item><title>x</title></item>\n');
  let sent = 0;
  res.writeHead(200, { 'content-type': 'application/rss+xml' });
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      streamed.set(path, sent);
      if (!res.write(chunk)) return;
    }
    if (!res.destroyed) res.end();
  };
  res.on('drain', pump);
  pump();
}
