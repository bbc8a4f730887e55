import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { compressedFor, MIN_COMPRESS_BYTES, preferredEncoding } from './cached-json.ts';
import { HSTS } from './security-headers.ts';

// The replies every visitor of the home page asks for (hot topics, news, homepage stats) are one
// cached string each until the next write. Handing such a request to the framework cost twice
// what writing the reply did (routing, hooks, header validation one by one, promise hops; docs/
// decisions/006-request-pipeline-speed.md), so the HTTP server answers it itself while the cache
// holds a value: a micro-cache in front of the application, as a reverse proxy would keep one. The
// bytes and headers are exactly those the route sends (a test compares them); everything else (a
// cache miss, a value the process may not answer from (with Redis: while it is not subscribed to
// the invalidations), other methods, query strings, a server shutting down) goes to
// Fastify as before.

/** The cached reply for this request, or undefined to leave it to the route. */
type Peek = (req: IncomingMessage) => string | undefined;

/** The options Fastify hands a server factory (those it would apply to a server it made). */
interface ServerFactoryOptions {
  http?: ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

interface Variant {
  body: Buffer | string;
  headers: Array<[string, string]>;
}

export interface HotReplies {
  /**
   * Answers GET `path` from `peek` whenever it returns a value, with `headers` added to the
   * security and content headers (those the route itself sets on a cached reply).
   */
  add(path: string, peek: Peek, headers?: Readonly<Record<string, string>>): void;
  /**
   * The same for every GET whose URL (path and query) `match` accepts, counted under `label`: for
   * reads cached per URL (the explore pages).
   */
  addMatching(
    label: string,
    match: (url: string) => boolean,
    peek: Peek,
    headers?: Readonly<Record<string, string>>,
  ): void;
  /** Replies and returns true when it can; false leaves the request to Fastify. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** From now on every request goes to Fastify (which answers 503 while closing). */
  close(): void;
  /** Replies served so far, per path (for /metrics). */
  served(): ReadonlyMap<string, number>;
  /** A Fastify `serverFactory`: a plain HTTP server that asks `serve` first. */
  serverFactory(
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    opts: ServerFactoryOptions,
  ): Server;
}

export function createHotReplies(options: {
  /** The security headers every reply carries. */
  headers: Readonly<Record<string, string>>;
  /** Whether a peer may be believed about X-Forwarded-Proto (plugins/trust-proxy.ts). */
  trustProxy: (address: string, hop: number) => boolean;
  enabled: boolean;
}): HotReplies {
  type Route = { label: string; peek: Peek; headers: Array<[string, string]> };
  const routes = new Map<string, Route>();
  const matching: Array<Route & { match: (url: string) => boolean }> = [];
  /** Reply variants kept at most (URLs with query strings are many). */
  const MAX_VARIANTS = 512;
  const counts = new Map<string, number>();
  const base = Object.entries(options.headers);
  let open = options.enabled;
  // The last reply built per path and encoding, reused while the cached string is the same one.
  const variants = new Map<string, { json: string; variant: Variant }>();

  function variantFor(
    path: string,
    extra: Array<[string, string]>,
    json: string,
    encoding: 'br' | 'gzip' | undefined,
    https: boolean,
  ) {
    const key = `${path} ${encoding ?? 'identity'} ${https}`;
    const known = variants.get(key);
    if (known && known.json === json) return known.variant;
    const body = encoding ? compressedFor(json)[encoding] : json;
    const headers: Array<[string, string]> = [
      ...base,
      ...extra,
      ['content-type', 'application/json; charset=utf-8'],
    ];
    if (https) headers.push(['strict-transport-security', HSTS]);
    if (json.length >= MIN_COMPRESS_BYTES) headers.push(['vary', 'accept-encoding']);
    if (encoding) headers.push(['content-encoding', encoding]);
    headers.push(['content-length', String(Buffer.byteLength(body))]);
    const variant = { body, headers };
    if (variants.size >= MAX_VARIANTS) variants.clear();
    variants.set(key, { json, variant });
    return variant;
  }

  // As Fastify reads it: a proxy's X-Forwarded-Proto when proxies are trusted, else the socket.
  function isHttps(req: IncomingMessage): boolean {
    const forwarded = req.headers['x-forwarded-proto'];
    if (forwarded && options.trustProxy(req.socket.remoteAddress ?? '', 0)) {
      const last = String(forwarded).split(',').pop()?.trim();
      return last === 'https';
    }
    return (req.socket as { encrypted?: boolean }).encrypted === true;
  }

  const hot: HotReplies = {
    add(path, peek, headers = {}) {
      routes.set(path, { label: path, peek, headers: Object.entries(headers) });
    },
    addMatching(label, match, peek, headers = {}) {
      matching.push({ label, match, peek, headers: Object.entries(headers) });
    },
    serve(req, res) {
      if (!open || req.method !== 'GET') return false;
      const url = req.url ?? '';
      const route = routes.get(url) ?? matching.find((m) => m.match(url));
      if (!route) return false;
      const json = route.peek(req);
      if (json === undefined) return false;
      const encoding =
        json.length >= MIN_COMPRESS_BYTES ? preferredEncoding(req.headers['accept-encoding']) : undefined;
      const { body, headers } = variantFor(url, route.headers, json, encoding, isHttps(req));
      res.writeHead(200, headers.flat());
      res.end(body);
      counts.set(route.label, (counts.get(route.label) ?? 0) + 1);
      return true;
    },
    close() {
      open = false;
    },
    served: () => counts,
    serverFactory(handler, opts) {
      const server = createServer(opts.http ?? {}, (req, res) => {
        if (!hot.serve(req, res)) handler(req, res);
      });
      // What Fastify sets on the servers it makes itself.
      if (opts.keepAliveTimeout) server.keepAliveTimeout = opts.keepAliveTimeout;
      if (opts.requestTimeout) server.requestTimeout = opts.requestTimeout;
      server.setTimeout(opts.connectionTimeout ?? 0);
      if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0)
        server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
      return server;
    },
  };
  return hot;
}
