import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_DOWNLOAD_LIMIT } from '../../../common/downloads.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { claimFreeDownload } from './quotas.ts';
import { videoRequests } from './schema.ts';
import { videoOf } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A free download's record, as the download call makes it. */
function request(userId: number, projectId: number) {
  const now = t.services.clock.now();
  return {
    userId,
    projectId,
    quality: 'hd',
    container: 'mp4',
    format: 'clean',
    state: 'ready',
    progress: 100,
    renditionKey: `claims-${projectId}`,
    createdAt: now,
    updatedAt: now,
  } satisfies typeof videoRequests.$inferInsert;
}

/** Claims at once, each answered with its row's user or the error's message (the database's own, when it refused). */
const claimAtOnce = (requests: ReturnType<typeof request>[]) =>
  Promise.all(
    requests.map((values) =>
      claimFreeDownload(t.database.db, values, t.services.clock.now()).then(
        (row) => ({ user: row.userId }),
        (error: Error) => ({ error: error.cause instanceof Error ? error.cause.message : error.message }),
      ),
    ),
  );

describe('free downloads claimed together (claims that arrive while others run share one statement)', () => {
  it('users claiming at once each get their own day: the limit holds per user, and every row is its caller’s', async () => {
    const video = await videoOf(t, 'free');
    const users = await Promise.all([1, 2, 3].map(() => createUser(t.database.db)));
    // Interleaved: 40, 20 and 35 claims, so every statement holds several users' claims.
    const wanted = users.flatMap((user, i) => Array.from({ length: [40, 20, 35][i] ?? 0 }, () => user.id));
    const requests = wanted.map((_, i) => request(wanted[(i * 7) % wanted.length] ?? 0, video));
    const answers = await claimAtOnce(requests);

    answers.forEach((answer, i) => {
      if ('user' in answer) expect(answer.user).toBe(requests[i]?.userId);
      else expect(answer.error).toBe('You have reached your daily quota limit');
    });
    for (const [user, asked] of users.map((user, i) => [user, [40, 20, 35][i] ?? 0] as const)) {
      const granted = answers.filter((answer, i) => 'user' in answer && requests[i]?.userId === user.id);
      expect(granted).toHaveLength(Math.min(asked, DAILY_DOWNLOAD_LIMIT));
      expect(await t.database.db.select().from(videoRequests).where(eq(videoRequests.userId, user.id))).toHaveLength(
        Math.min(asked, DAILY_DOWNLOAD_LIMIT),
      );
    }
  }, 60_000);

  it('a claim the database refuses fails alone: the others sent with it are recorded', async () => {
    const video = await videoOf(t, 'free');
    const users = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createUser(t.database.db)));
    // A video that is not there breaks its row's foreign key.
    const requests = users.map((user, i) => request(user.id, i === 3 ? 2_000_000_000 : video));
    const answers = await claimAtOnce(requests);

    expect(answers.filter((answer) => 'user' in answer)).toHaveLength(5);
    const refused = answers[3];
    expect(refused && 'error' in refused ? refused.error : '').toMatch(/foreign key/);
    const recorded = await t.database.db
      .select({ userId: videoRequests.userId })
      .from(videoRequests)
      .where(
        inArray(
          videoRequests.userId,
          users.map((user) => user.id),
        ),
      );
    expect(recorded.map((row) => row.userId).sort()).toEqual(
      users
        .filter((_, i) => i !== 3)
        .map((user) => user.id)
        .sort(),
    );
  });
});
