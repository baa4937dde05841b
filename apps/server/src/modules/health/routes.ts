import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './service.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  /** Only with REDIS_URL: degraded while Redis is down or does not answer in time. */
  redis: z.enum(['ok', 'degraded']).optional(),
  uptimeSeconds: z.number(),
});

type HealthAnswer = z.infer<typeof healthSchema>;

/** Public and cheap: the web app's server-readiness gate calls it before anything else. */
export function healthRoutes(service: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } },
        config: { rateLimit: false },
      },
      async (request, reply) => {
        const uptimeSeconds = Math.round(process.uptime());
        // A degraded Redis still answers 200: every server shares it, so taking this one out of
        // the balancer would help nobody, and each goes on answering without it.
        const redis: Pick<HealthAnswer, 'redis'> = app.redis
          ? { redis: app.redis.degraded ? 'degraded' : 'ok' }
          : {};
        // Neither answer may be cached: a stale "degraded" would keep the readiness gate waiting.
        reply.header('cache-control', 'no-store');
        try {
          await service.checkDatabase();
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply
            .status(503)
            .send({ status: 'degraded', database: 'unreachable', ...redis, uptimeSeconds });
        }
        const status = redis.redis === 'degraded' ? 'degraded' : 'ok';
        return { status, database: 'ok', ...redis, uptimeSeconds } satisfies HealthAnswer;
      },
    );
  };
}
