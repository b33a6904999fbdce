import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the shutdown drain (main.ts): readiness answers 503 `shutting_down` at once, requests
     * are still served, and each answer closes its connection.
     */
    drain(): void;
    /** Runs `listener` when the drain starts (the cable tells its clients to reconnect elsewhere). */
    onDrain(listener: () => void): void;
  }
}

export type DrainState = { readonly draining: boolean };

/**
 * The first step of a shutdown, before the server stops accepting. The load balancer's readiness
 * probe fails, so it sends no new work; whatever still comes is answered, never refused. Each answer
 * says `Connection: close`, so keep-alive clients leave this process one finished request at a time.
 * When the server closes after the drain, no idle keep-alive connection is left for a client to send
 * a request on just as it is closed (a reset, issue 27). Call on the root instance, before routes.
 */
export function drainOnShutdown(app: FastifyInstance): DrainState {
  const state = { draining: false };
  const listeners: (() => void)[] = [];
  app.decorate('drain', () => {
    state.draining = true;
    for (const listener of listeners) listener();
  });
  app.decorate('onDrain', (listener: () => void) => {
    listeners.push(listener);
  });
  app.addHook('onSend', async (request, reply) => {
    if (state.draining && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  });
  return state;
}
