import { describe, expect, it } from 'vitest';
import { batchedPerDatabase } from './batches.ts';
import type { Db } from './client.ts';

/** A statement that answers each input doubled, once `release` is called; it records each batch it was given. */
function heldStatement(fails: (inputs: readonly number[]) => boolean = () => false) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (_db: Db, inputs: readonly number[]) => {
    batches.push([...inputs]);
    await new Promise<void>((resolve) => releases.push(resolve));
    if (fails(inputs)) throw new Error(`statement of ${inputs.join(',')} failed`);
    return inputs.map((input) => (input < 0 ? undefined : input * 2));
  };
  const releaseAll = async () => {
    // Each released statement may send the next one: release until nothing is held.
    for (let turn = 0; turn < 10; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.splice(0).forEach((release) => release());
    }
  };
  return { run, batches, releaseAll };
}

const database = () => ({}) as Db;

describe('statements batched per database', () => {
  it('with nothing in flight a call goes out at once, alone', async () => {
    const statement = heldStatement();
    const call = batchedPerDatabase(statement.run, { inFlight: 1, most: 10 })(database());
    const answer = call(4);
    expect(statement.batches).toEqual([[4]]);
    await statement.releaseAll();
    expect(await answer).toBe(8);
  });

  it('calls that come while statements are in flight go out together as the next one, each answered by its position', async () => {
    const statement = heldStatement();
    const call = batchedPerDatabase(statement.run, { inFlight: 2, most: 3 })(database());
    const answers = [1, 2, 3, 4, 5, -6, 7].map((input) => call(input));
    // Two in flight at once; the rest wait and go out in statements of at most three.
    expect(statement.batches).toEqual([[1], [2]]);
    await statement.releaseAll();
    expect(statement.batches).toEqual([[1], [2], [3, 4, 5], [-6, 7]]);
    expect(await Promise.all(answers)).toEqual([2, 4, 6, 8, 10, undefined, 14]);
  });

  it('the next statement goes out before the answered callers go on', async () => {
    const statement = heldStatement();
    const call = batchedPerDatabase(statement.run, { inFlight: 1, most: 10 })(database());
    // What had gone out when the first caller got its answer: the database runs the waiting calls'
    // statement while the server writes the answers of the one before.
    const seenByFirst = call(1).then(() => statement.batches.map((batch) => [...batch]));
    const rest = [2, 3].map((input) => call(input));
    await statement.releaseAll();
    expect(await seenByFirst).toEqual([[1], [2, 3]]);
    expect(await Promise.all(rest)).toEqual([4, 6]);
  });

  it('when a statement of several fails, each runs again alone: one caller’s error is its own', async () => {
    const statement = heldStatement((inputs) => inputs.includes(13));
    const call = batchedPerDatabase(statement.run, { inFlight: 1, most: 10 })(database());
    const answers = [1, 2, 13, 4].map((input) =>
      call(input).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await statement.releaseAll();
    expect(await Promise.all(answers)).toEqual([{ value: 2 }, { value: 4 }, { error: 'statement of 13 failed' }, { value: 8 }]);
    expect(statement.batches).toEqual([[1], [2, 13, 4], [2], [13], [4]]);
  });

  it('each database has its own queue', async () => {
    const statement = heldStatement();
    const batched = batchedPerDatabase(statement.run, { inFlight: 1, most: 10 });
    const [first, second] = [database(), database()];
    const answers = [batched(first)(1), batched(second)(2), batched(first)(3)];
    expect(statement.batches).toEqual([[1], [2]]);
    await statement.releaseAll();
    expect(await Promise.all(answers)).toEqual([2, 4, 6]);
    expect(statement.batches).toEqual([[1], [2], [3]]);
  });
});
