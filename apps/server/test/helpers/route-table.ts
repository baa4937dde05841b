// Prints, as JSON, every route the server answers: the app built as the tests build it (SQLite,
// a temporary DATA_DIR), its routes read from Fastify's own table, and better-auth's endpoints
// under /api/auth (one wildcard route in Fastify). scripts/check-docs.mjs holds the endpoints the
// docs name to this list.
import type { FastifyInstance } from 'fastify';
import { sqlite } from './databases.ts';
import { createTestApp } from './test-app.ts';

export interface RouteTable {
  /** Fastify's routes: a path pattern (`:param`, `*`) and its methods. */
  routes: { path: string; methods: string[] }[];
  /** better-auth's endpoints, their paths under /api/auth. */
  auth: { path: string; methods: string[] }[];
}

const treeLine = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/;

/** Fastify's routes, from its printed tree (each line a node: the path below its parent's). */
export function fastifyRoutes(app: FastifyInstance): RouteTable['routes'] {
  const parents: string[] = [];
  const routes: RouteTable['routes'] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = treeLine.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const path = (parents[depth - 1] ?? '') + segment;
    parents[depth] = path;
    parents.length = depth + 1;
    if (methods) routes.push({ path, methods: methods.split(', ') });
  }
  return routes;
}

interface Endpoint {
  path?: string;
  options?: { method?: string | string[] };
}

/** better-auth's endpoints as mounted at /api/auth (`identity.api`). */
function authEndpoints(app: FastifyInstance): RouteTable['auth'] {
  return Object.values(app.identity.api as Record<string, Endpoint>)
    .filter((endpoint) => typeof endpoint.path === 'string')
    .map((endpoint) => {
      const method = endpoint.options?.method ?? 'GET';
      return { path: endpoint.path ?? '', methods: [method].flat() };
    });
}

const t = await createTestApp(sqlite);
try {
  await t.app.ready();
  const table: RouteTable = { routes: fastifyRoutes(t.app), auth: authEndpoints(t.app) };
  process.stdout.write(JSON.stringify(table));
} finally {
  await t.close();
}
