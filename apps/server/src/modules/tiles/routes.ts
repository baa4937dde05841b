import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badField, notFound } from '../../errors.ts';
import { etagMatches } from '../../lib/conditional.ts';
import { tileSetNamePattern, type TileService } from './service.ts';
import type { TileSetInfo } from './tile-set.ts';

export interface TileRouteSettings {
  /** PUBLIC_URL when set; otherwise the URLs follow the address the request came to. */
  publicUrl?: string;
  /** Tile requests per client per minute (TILE_RATE_LIMIT_MAX), apart from the API's budget. */
  rateLimitMax: number;
}

/** Tiles of an unchanged file never change: a day in any cache, then a cheap 304. */
const tileCacheControl = 'public, max-age=86400';
/** TileJSON and styles follow the files in the folder: kept a short while. */
const describeCacheControl = 'public, max-age=300';

const maxZoom = 30;
const tileExtension = /^(\d{1,10})(?:\.(?:png|jpe?g|webp|avif|pbf|mvt))?$/;

const nameParam = z.string().regex(tileSetNamePattern, 'not a tile set name');
const tileParams = z.object({ name: nameParam, z: z.string(), x: z.string(), y: z.string() });

/** z, x and y as integers of the tile grid; a bad one is a 400 naming it. */
function coordinates(params: z.infer<typeof tileParams>): [number, number, number] {
  const integer = (field: 'z' | 'x' | 'y', text: string, max: number) => {
    const match = field === 'y' ? tileExtension.exec(text) : /^(\d{1,10})$/.exec(text);
    const value = match ? Number(match[1]) : NaN;
    if (!Number.isSafeInteger(value) || value > max)
      throw badField(field, `must be an integer from 0 to ${max}`);
    return value;
  };
  const z = integer('z', params.z, maxZoom);
  const last = 2 ** z - 1;
  return [z, integer('x', params.x, last), integer('y', params.y, last)];
}

function baseUrl(request: FastifyRequest, settings: TileRouteSettings): string {
  return settings.publicUrl ?? `${request.protocol}://${request.host}`;
}

function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply
    .header('cache-control', describeCacheControl)
    .header('content-type', 'application/json; charset=utf-8')
    .send(Buffer.from(JSON.stringify(value)));
}

/** TileJSON 3.0.0 of one file. */
function tileJson(name: string, info: TileSetInfo, base: string) {
  return {
    tilejson: '3.0.0',
    name,
    scheme: 'xyz',
    format: info.format,
    tiles: [`${base}/api/tiles/${name}/{z}/{x}/{y}.${info.format}`],
    minzoom: info.minzoom,
    maxzoom: info.maxzoom,
    bounds: info.bounds,
    center: info.center,
    ...(info.format === 'pbf' ? { vector_layers: info.vectorLayers } : {}),
    ...(info.attribution ? { attribution: info.attribution } : {}),
    ...(info.description ? { description: info.description } : {}),
  };
}

/**
 * Base-map tiles from the files in DATA_DIR/tiles (docs/behaviour.md#map-tiles). Public: tiles
 * carry no user data. They have their own per-client budget, so panning a map (hundreds of
 * tiles a minute) spends none of the API's.
 */
export function tileRoutes(
  service: TileService,
  settings: TileRouteSettings,
): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = { max: settings.rateLimitMax, timeWindow: '1 minute' };

    app.get(
      '/api/tiles/:name/:z/:x/:y',
      {
        schema: { tags: ['tiles'], params: tileParams },
        config: { rateLimit },
      },
      async (request, reply) => {
        const [z, x, y] = coordinates(request.params);
        const accept = request.headers['accept-encoding'] ?? '';
        const answer = await service.tile(request.params.name, z, x, y, {
          matches: (etag) => etagMatches(request.headers['if-none-match'], etag),
          acceptsGzip: /\bgzip\b/.test(accept),
        });
        reply.header('cache-control', tileCacheControl).header('etag', answer.etag);
        if (answer.vector) reply.header('vary', 'Accept-Encoding');
        if (!answer.body) return reply.code(304).send();
        if (answer.gzip) reply.header('content-encoding', 'gzip');
        return reply.header('content-type', answer.contentType).send(answer.body);
      },
    );

    app.get(
      '/api/tiles/:name/style.json',
      { schema: { tags: ['tiles'], params: z.object({ name: nameParam }) }, config: { rateLimit } },
      async (request, reply) => {
        const { name } = request.params;
        const url = `${baseUrl(request, settings)}/api/tiles/${name}.json`;
        return sendJson(reply, await service.style(name, url));
      },
    );

    app.get(
      '/api/tiles/:file',
      {
        schema: { tags: ['tiles'], params: z.object({ file: z.string() }) },
        config: { rateLimit },
      },
      async (request, reply) => {
        const name = request.params.file.replace(/\.json$/, '');
        if (name === request.params.file || !tileSetNamePattern.test(name))
          throw notFound('Tile set');
        const info = await service.info(name);
        return sendJson(reply, tileJson(name, info, baseUrl(request, settings)));
      },
    );
  };
}
