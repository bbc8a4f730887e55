import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict CSP with no inline script: the session token lives in web storage, so XSS must be
 * impossible by construction (ARCHITECTURE.md § Sessions and security decisions).
 */
export async function registerSecurityHeaders(app: FastifyInstance, extraConnect: string[] = []) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...extraConnect],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only over HTTPS (below): sending it on plain-HTTP localhost would break development.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
}
