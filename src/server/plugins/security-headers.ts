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

/**
 * JSON replies are never documents: nothing in them may load or run, so their policy is the
 * strictest there is (OWASP's advice for APIs), and 250 bytes shorter on every API reply. Swagger
 * UI (/api/docs) is a page and keeps the page policy.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The header set of JSON replies: the page set with the API policy. */
export function apiHeaders(headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return Object.freeze({ ...headers, 'content-security-policy': API_CSP });
}

export function registerSecurityHeaders(app: FastifyInstance, headers = securityHeaders()): void {
  const api = apiHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    const json = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(json ? api : headers);
    // HSTS only over HTTPS: on plain-HTTP localhost it would break development.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
