import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.ts';

/**
 * Strict CSP with no inline script: the session token lives in web storage, so XSS must be
 * impossible by construction (ARCHITECTURE.md § Sessions and security decisions).
 *
 * The header set is computed once and copied onto every reply. @fastify/helmet produced the same
 * headers but rebuilt them per request, which measured at less than half the request rate
 * (docs/decisions/006-request-pipeline-speed.md).
 */
export interface CspSources {
  connectSrc?: string[];
  scriptSrc?: string[];
  frameSrc?: string[];
  styleSrc?: string[];
}

/** Third-party origins, allowed only when the feature that needs them is configured. */
export function cspSourcesFor(config: Pick<Config, 'google' | 'captcha'>): CspSources {
  const sources: Required<CspSources> = { connectSrc: [], scriptSrc: [], frameSrc: [], styleSrc: [] };
  if (config.google.clientId) {
    sources.scriptSrc.push('https://accounts.google.com/gsi/client');
    sources.connectSrc.push('https://accounts.google.com/gsi/');
    sources.frameSrc.push('https://accounts.google.com/gsi/');
    sources.styleSrc.push('https://accounts.google.com/gsi/style');
  }
  if (config.captcha.provider === 'turnstile') {
    sources.scriptSrc.push('https://challenges.cloudflare.com');
    sources.frameSrc.push('https://challenges.cloudflare.com');
  } else if (config.captcha.provider === 'hcaptcha') {
    for (const list of [sources.scriptSrc, sources.frameSrc, sources.styleSrc, sources.connectSrc]) {
      list.push('https://hcaptcha.com', 'https://*.hcaptcha.com');
    }
  } else if (config.captcha.provider === 'recaptcha') {
    sources.scriptSrc.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    sources.frameSrc.push('https://www.google.com/recaptcha/');
  }
  return sources;
}

export function securityHeaders(extra: CspSources = {}) {
  const csp = [
    "default-src 'self'",
    `script-src 'self'${(extra.scriptSrc ?? []).map((s) => ` ${s}`).join('')}`,
    // Inline *styles* only (Radix's scroll lock and web components write <style>); never inline script.
    `style-src 'self' 'unsafe-inline'${(extra.styleSrc ?? []).map((s) => ` ${s}`).join('')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${(extra.connectSrc ?? []).map((s) => ` ${s}`).join('')}`,
    `frame-src ${extra.frameSrc?.length ? extra.frameSrc.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "worker-src 'self' blob:",
  ].join('; ');
  return Object.freeze({
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  });
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * One header set on every reply, pages and JSON alike: a scanner (or a browser that is made to
 * render a JSON reply) finds the same policy everywhere, `object-src 'none'` included.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers = securityHeaders()): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // A reply to a signed-in request may be personal: no cache keeps it, unless its route says
    // otherwise (a public read sets its own Cache-Control and replaces this one).
    if (request.headers.authorization) reply.header('cache-control', 'no-store');
    // HSTS only over HTTPS: on plain-HTTP localhost it would break development.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
