import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { routeNotFound } from '../errors.ts';

/**
 * Serves the web build: hashed assets cached for a year, index.html never cached, and every
 * unknown GET outside /api answered with index.html so the client router takes over.
 * Everything outside assets/ keeps its name across builds and is `no-cache`: the service worker
 * (sw.js, and Workbox's runtime beside it) so browsers find a new version, and the manifest.
 * A missing file with an extension is a 404, never the page (a worker script must not be HTML).
 * The build holds each text file also as .br and .gz (apps/web/vite.config.ts): the one the
 * request's Accept-Encoding prefers is sent as it is, with Content-Encoding and
 * `Vary: Accept-Encoding`, so nothing is compressed per request.
 * Owns the not-found handler, since that is where the SPA fallback lives.
 */
export default fp(
  async (app, opts: { distDir: string }) => {
    const hasBuild = existsSync(path.join(opts.distDir, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The .br and .gz files are reached through the file they compress, not as routes.
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders(reply, filePath) {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn(
        { distDir: opts.distDir },
        'no web build found: serving the API only (run npm run build)',
      );
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage =
        request.method === 'GET' && !pathname.startsWith('/api/') && !path.extname(pathname);
      if (!hasBuild || !isPage)
        return reply.status(404).send(routeNotFound(request.method, request.url));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
