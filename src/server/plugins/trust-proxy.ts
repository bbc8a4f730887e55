import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

// TRUST_PROXY: which peers may tell us, through X-Forwarded-For/-Proto/-Host, who the client is.
// Fastify 5 reads its `trustProxy` option this way (node_modules/fastify/lib/request.js):
//   true           trusts every hop, so request.ip is the left-most X-Forwarded-For entry: whatever
//                  the client wrote there. Unsafe behind a proxy that appends to the header.
//   a number       trusts nothing ("fail closed" since 5.x): every client gets the proxy's address.
//   addresses      trusts those peers (proxy-addr): request.ip is the right-most address that is
//                  not a trusted proxy, the one our own proxy saw.
//   a function     (address, hop index) => trusted.
// So Fastify is given one trust function for every form: a hop count trusts the first n hops from
// the socket (Express's meaning), a list is compiled by proxy-addr exactly as Fastify would. The
// micro-cache in front of Fastify (hot-replies.ts) asks the same function about X-Forwarded-Proto.

/** The parsed setting: off, everything (unsafe), a hop count, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | true | number | readonly string[];

/** proxy-addr's names for whole ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; throws a message naming what is wrong. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'false', 'no', '0'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0) {
    throw new Error(
      `must be false, true, a hop count (1-99) or a comma-separated list of addresses/CIDRs (not ${bad.join(', ') || raw})`,
    );
  }
  return entries;
}

export type TrustFunction = (address: string, hop: number) => boolean;

/** Whether the peer `hop` steps from the socket (0 = the socket's own peer) may be believed. */
export function trustFunction(setting: TrustProxy): TrustFunction {
  if (setting === false) return () => false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile([...setting]);
}

/** Fastify's `trustProxy` option: off stays `false` (no forwarded-header parsing at all). */
export function fastifyTrustProxy(setting: TrustProxy): false | TrustFunction {
  return setting === false ? false : trustFunction(setting);
}
