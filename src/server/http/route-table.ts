import type { FastifyInstance } from 'fastify';

export type RouteEntry = { method: string; url: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves, as registered: the table the route-wide tests walk. */
    routeTable: readonly RouteEntry[];
  }
}

/** Call before any route is registered. */
export function recordRoutes(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') table.push({ method, url: route.url });
  });
}
