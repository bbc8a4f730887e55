import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

// One GET for a feed, with the guards a server that fetches URLs needs: the size cap holds while
// the body streams in (a body without Content-Length, or a small gzip that inflates to gigabytes,
// is cut at the cap), redirects are followed by hand so every hop is checked, and no request goes
// to a loopback, private or link-local address unless the configuration allows it. The check is
// made on the address DNS returned, inside the connection's own lookup, so a name that resolves
// to 127.0.0.1 (or changes its answer between a check and the connect) cannot slip through.

export interface FeedRequest {
  headers: Record<string, string>;
  timeoutMs: number;
  maxBytes: number;
  /** Which resolved addresses may be connected to: public ones, unless NEWS_ALLOW_PRIVATE_HOSTS. */
  allowAddress: (address: string) => boolean;
  maxRedirects?: number;
}

export interface FeedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

/** Addresses a public feed never has: loopback, private, link-local, shared, reserved, multicast. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), compatible or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const prefix = ['::ffff:', '64:ff9b::', '::'].find((p) => lower.startsWith(p));
  if (!prefix) return undefined;
  const tail = lower.slice(prefix.length);
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(tail);
  if (!hex) return undefined;
  const hi = Number.parseInt(hex[1] as string, 16);
  const lo = Number.parseInt(hex[2] as string, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** True for any address a public feed host cannot have. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return NOT_PUBLIC.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4 !== undefined) return NOT_PUBLIC.check(v4, 'ipv4');
  return NOT_PUBLIC.check(bare, 'ipv6');
}

export const publicAddressesOnly = (address: string): boolean => !isNonPublicAddress(address);

/** A DNS lookup for the connection that only ever hands it addresses `allow` accepts. */
function guardedLookup(allow: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const usable = addresses.filter((a) => allow(a.address));
      if (usable.length === 0) {
        return callback(new FeedFetchError(`refused: ${hostname} is not a public address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      const first = usable[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

function decoderFor(encoding: string | undefined) {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    case '':
    case 'identity':
      return undefined;
    default:
      throw new FeedFetchError(`unsupported content encoding ${encoding}`);
  }
}

function getOnce(url: URL, options: FeedRequest, signal: AbortSignal): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL is never looked up, so it is checked here.
  if (isIP(host) && !options.allowAddress(host)) {
    return Promise.reject(new FeedFetchError(`refused: ${host} is not a public address`));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'GET',
      headers: { ...options.headers, 'accept-encoding': 'gzip, deflate, br' },
      signal,
      lookup: guardedLookup(options.allowAddress),
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** Reads the body, decoded, and stops at `maxBytes` whatever the headers said. */
async function readCapped(res: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(res.headers['content-length'] ?? 0);
  if (declared > maxBytes && !res.headers['content-encoding']) {
    res.destroy();
    throw new FeedFetchError(`feed too large (${declared} bytes)`);
  }
  const decoder = decoderFor(res.headers['content-encoding']);
  const stream = decoder ? res.pipe(decoder) : res;
  if (decoder) res.on('error', (err) => decoder.destroy(err));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new FeedFetchError(`feed too large (over ${maxBytes} bytes)`);
      chunks.push(chunk);
    }
  } finally {
    res.destroy();
    decoder?.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GET `url`, following up to `maxRedirects` redirects, each one checked like the first. */
export async function getFeed(url: string, options: FeedRequest): Promise<FeedResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new FeedFetchError(`refused: ${target.protocol} is not http or https`);
    }
    const res = await getOnce(target, options, signal);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if ([301, 302, 303, 307, 308].includes(status) && location) {
      res.resume();
      if (hop >= (options.maxRedirects ?? 5)) throw new FeedFetchError('too many redirects');
      target = new URL(location, target);
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      return { status, headers: res.headers, body: '' };
    }
    return { status, headers: res.headers, body: await readCapped(res, options.maxBytes) };
  }
}
