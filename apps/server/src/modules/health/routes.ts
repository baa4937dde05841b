import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './service.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  uptimeSeconds: z.number(),
});

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
        // Neither answer may be cached: a stale "degraded" would keep the readiness gate waiting.
        reply.header('cache-control', 'no-store');
        try {
          await service.checkDatabase();
          return { status: 'ok' as const, database: 'ok' as const, uptimeSeconds };
        } catch (error) {
          request.log.error({ err: error }, 'health check: database unreachable');
          return reply
            .status(503)
            .send({ status: 'degraded', database: 'unreachable', uptimeSeconds });
        }
      },
    );
  };
}
