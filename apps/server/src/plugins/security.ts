import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { errorBody } from '../errors.ts';

/** Headers, CORS for the web and Capacitor origins, and a per-client request budget. */
export default fp(
  async (app, opts: { config: Config }) => {
    const { config } = opts;
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          // Map tiles, styles and the geocoder live on other hosts, all configurable.
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'connect-src': ["'self'", 'https:'],
          'worker-src': ["'self'", 'blob:'],
          'child-src': ["'self'", 'blob:'],
          // The docs page (swagger-ui) needs inline styles; nothing needs inline scripts.
          'style-src': ["'self'", "'unsafe-inline'", 'https:'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      exposedHeaders: ['set-auth-token', 'set-auth-jwt'],
      maxAge: 600,
    });
    await app.register(rateLimit, {
      max: config.rateLimit.max,
      timeWindow: '1 minute',
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        ...errorBody(
          'RATE_LIMITED',
          `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`,
        ),
      }),
    });
  },
  { name: 'security' },
);
