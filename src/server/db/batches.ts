import type { Db } from './client.ts';
import { preparedPerDatabase } from './prepared.ts';

/** A caller waiting for the next statement: what it asked, and how it is answered. */
type Waiting<I, O> = { input: I; resolve: (output: O | undefined) => void; reject: (error: unknown) => void };

/**
 * Calls of one statement that arrive while `inFlight` of its statements are already running wait,
 * and go out together as the next statement: under load a round trip and a transaction serve many
 * callers, and with nothing in flight a call goes out at once, alone (no wait is added). `run`
 * answers each input by its position (undefined: nothing for it). When a statement of several fails,
 * each of them runs again alone, so one caller's error is its own.
 */
export function batchedPerDatabase<I, O>(
  run: (db: Db, inputs: readonly I[]) => Promise<readonly (O | undefined)[]>,
  options: { inFlight: number; most: number },
): (db: Db) => (input: I) => Promise<O | undefined> {
  // One queue per database, kept as its prepared statements are (a transaction would get its own).
  return preparedPerDatabase((db) => statementQueue(db, run, options));
}

function statementQueue<I, O>(
  db: Db,
  run: (db: Db, inputs: readonly I[]) => Promise<readonly (O | undefined)[]>,
  options: { inFlight: number; most: number },
): (input: I) => Promise<O | undefined> {
  const waiting: Waiting<I, O>[] = [];
  let running = 0;

  async function send(batch: Waiting<I, O>[]) {
    let outputs: readonly (O | undefined)[] | undefined;
    let failure: unknown;
    try {
      outputs = await run(
        db,
        batch.map((call) => call.input),
      );
    } catch (error) {
      failure = error;
    }
    // The next statement goes out before this one's callers go on (each writes its answer): the
    // database runs it while the server answers them. The pool hands it a connection on the next
    // tick, so the callers are answered on the tick after.
    running -= 1;
    next();
    process.nextTick(() => {
      if (outputs) batch.forEach((call, index) => call.resolve(outputs[index]));
      else if (batch.length === 1) batch[0]?.reject(failure);
      else for (const call of batch) run(db, [call.input]).then((outputs) => call.resolve(outputs[0]), call.reject);
    });
  }

  function next() {
    while (running < options.inFlight && waiting.length > 0) {
      running += 1;
      void send(waiting.splice(0, options.most));
    }
  }

  return (input) =>
    new Promise<O | undefined>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      next();
    });
}

/**
 * A batch's statement run on its inputs in the order of `lockOrder` (so that two statements lock
 * rows in the same order and never wait on each other), each input answered by its own row: `run`
 * gets them sorted, and each row it answers names its input's 1-based `position` among them.
 */
export async function inLockOrder<I, R extends { position: number }>(
  inputs: readonly I[],
  lockOrder: (input: I) => number,
  run: (sorted: I[]) => Promise<readonly R[]>,
): Promise<(Omit<R, 'position'> | undefined)[]> {
  const order = inputs.map((_, index) => index).sort((a, b) => lockOrder(inputs[a] as I) - lockOrder(inputs[b] as I));
  const rows = await run(order.map((index) => inputs[index] as I));
  return answersByPosition(inputs.length, rows, (position) => order[position - 1]);
}

/**
 * A statement's rows as the answers of its `count` inputs, in their order: each row names its
 * input's 1-based `position` (`indexOf` maps it to the input's index); no row, no answer.
 */
export function answersByPosition<R extends { position: number }>(
  count: number,
  rows: readonly R[],
  indexOf: (position: number) => number | undefined = (position) => position - 1,
): (Omit<R, 'position'> | undefined)[] {
  const answers: (Omit<R, 'position'> | undefined)[] = Array.from({ length: count }, () => undefined);
  for (const { position, ...row } of rows) {
    const index = indexOf(position);
    if (index !== undefined) answers[index] = row;
  }
  return answers;
}
