import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { accountDataRoutes } from './features/account-data/account-data.routes.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { createReplyCache } from './cache/reply-cache.ts';
import { watchRedis } from './cache/redis.ts';
import { communityRoutes } from './features/community/community.routes.ts';
import { exploreRoutes } from './features/explore/explore.routes.ts';
import type { ExploreService } from './features/explore/explore.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { newsRoutes } from './features/news/news.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { predictionsRoutes } from './features/predictions/predictions.routes.ts';
import { resolutionRoutes } from './features/resolution/resolution.routes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { authPlugin } from './plugins/auth.ts';
import { frameworkErrorReplier, registerErrorHandling } from './plugins/errors.ts';
import { createHotReplies } from './plugins/hot-replies.ts';
import { registerHotReplyMetrics, registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { cspSourcesFor, registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerWellFormedText } from './plugins/well-formed-text.ts';
import { fastifyTrustProxy, trustFunction } from './plugins/trust-proxy.ts';
import { createScheduler } from './jobs/scheduler.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
  /** Prefix of this app's Redis keys and channel; tests give each app its own (default futurecast:). */
  redisNamespace?: string;
  /** Where the built SPA lives; defaults to ./dist/web. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMTP/outbox mailer (tests). */
  mailer?: Mailer;
  /** Replaces the captcha provider's siteverify URL (tests run a local one). */
  captchaSiteverifyUrl?: string;
  /** Runs the scheduled jobs (news refresh, band re-signing, email digest, resolution reminders) in this process: main.ts sets it, tests don't. */
  jobs?: boolean;
}

export const BODY_LIMIT = 64 * 1024;

const version: string = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8'),
).version;

/** Log lines never carry secrets: credentials are redacted and token query values masked. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/([?&](?:token|access_token)=)[^&]*/gi, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const headers = securityHeaders(cspSourcesFor(config));
  const debugLogging = ['debug', 'trace'].includes(config.logLevel);
  // Request log lines come from Fastify: when they are wanted, every request goes through it.
  const hot = createHotReplies({
    headers,
    trustProxy: trustFunction(config.trustProxy),
    enabled: !debugLogging,
  });
  const app = Fastify({
    serverFactory: hot.serverFactory,
    logger: deps.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    frameworkErrors: frameworkErrorReplier(headers),
    // Per-request log lines only when debugging: /metrics counts every request anyway.
    logController: new LogController({
      disableRequestLogging: !debugLogging,
    }),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (config.trustProxy === true) {
    app.log.warn(
      'TRUST_PROXY=true believes every X-Forwarded-For hop: any client can pick its own IP and dodge the rate limits. Set the hop count or the proxies’ addresses instead.',
    );
  }
  // Both shared parts may go away and come back; each change is logged once (decision 012).
  database.availability.onChange((up, err) =>
    up
      ? app.log.info('the database is reachable again')
      : app.log.warn(
          { error: err instanceof Error ? err.message : String(err) },
          'the database is unreachable: requests get 503 until it returns',
        ),
  );
  const redis = deps.redis ? watchRedis(deps.redis, { log: app.log }) : undefined;
  // A Redis that isn't there yet doesn't stop the start: the instance serves without it meanwhile.
  if (redis && !(await redis.ready(2000))) app.log.warn('Redis is not reachable yet: starting without it');
  registerErrorHandling(app, database.availability.report);
  registerWellFormedText(app);
  registerSecurityHeaders(app, headers);
  const namespace = deps.redisNamespace;
  await registerRateLimits(app, redis, namespace ? `${namespace}rl:` : undefined);
  registerHotReplyMetrics(registerMetrics(app, { token: config.metricsToken }), hot);
  app.addHook('preClose', (done) => {
    hot.close();
    done();
  });
  await registerOpenApi(app, version);

  await app.register(authPlugin, { db: database.db, secret: config.sessionSecret });

  await app.register(healthRoutes({ database, redis, version }));
  // One mailer for every feature's mail; closing the app waits for mail still being sent.
  const mailer = deps.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', () => mailer.close());
  await app.register(
    accountsRoutes({
      config,
      database,
      mailer,
      captchaSiteverifyUrl: deps.captchaSiteverifyUrl,
    }),
  );
  await app.register(accountDataRoutes({ database }));

  // One reply cache, so a write in one feature invalidates what another serves (a new prediction
  // → the hot topics).
  const cache = createReplyCache({
    redis,
    log: app.log,
    ...(namespace ? { prefix: `${namespace}cache:` } : {}),
  });
  // The explore pages, cached per URL, in a cache of their own: a crawl of many URLs never evicts
  // the home page's entries (features/explore/explore-cache.ts).
  const pages = createReplyCache({
    redis,
    log: app.log,
    prefix: `${namespace ?? 'futurecast:'}explore-pages:`,
  });
  app.addHook('onClose', (_app, done) => {
    cache.close();
    pages.close();
    redis?.close();
    done();
  });
  // One scheduler; features register their jobs with it (one instance at a time runs each).
  const scheduler = deps.jobs
    ? createScheduler({ db: database.db, redis: deps.redis, log: app.log })
    : undefined;
  if (scheduler) {
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  }
  await app.register(predictionsRoutes({ database, scheduler, cache }));
  await app.register(notificationsRoutes({ config, database, mailer, scheduler }));

  await app.register(communityRoutes({ database, cache, hot }));
  let explore: ExploreService | undefined;
  await app.register(
    exploreRoutes({
      database,
      cache,
      pages,
      hot,
      onService: (service) => {
        explore = service;
      },
    }),
  );
  await app.register(newsRoutes({ config, database, scheduler, cache, hot }));

  await app.register(analyticsRoutes({ database, cache, hot }));
  await app.register(resolutionRoutes({ config, database, mailer, cache, hot, scheduler }));

  await registerSpa(app, deps.webRoot ?? resolve('dist/web'), config.site, {
    publicUrl: config.publicUrl,
    preview: (path) => explore?.preview(path) ?? Promise.resolve(null),
  });
  return app;
}
