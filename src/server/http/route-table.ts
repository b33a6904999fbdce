import type { FastifyInstance } from 'fastify';

/** `answersChecked`: the route declares a contract for its 2xx answers, which the serializer enforces. */
export type RouteEntry = { method: string; url: string; answersChecked: boolean };

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
    const responses = Object.keys(route.schema?.response ?? {});
    const answersChecked = responses.some((status) => /^2/.test(status));
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') table.push({ method, url: route.url, answersChecked });
    }
  });
}
