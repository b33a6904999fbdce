/** Minimal logger shape (pino's) so the runner needs no Fastify. */
type Log = { error(details: object, message: string): void };

/**
 * Work that must not shape an answer's timing (whether an address has an account shows in how long
 * a reset request takes): the route answers, then the task runs. A failure is logged, never lost
 * silently; `idle()` waits for everything queued so far (shutdown, the dev mailbox, tests).
 */
export type Background = { run(name: string, task: () => Promise<unknown>): void; idle(): Promise<void> };

export function backgroundTasks(log: Log): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, task) {
      const done = new Promise((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: name }, 'background task failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
