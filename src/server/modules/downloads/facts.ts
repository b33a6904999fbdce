import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DAILY_DOWNLOAD_LIMIT } from '../../../common/downloads.ts';
import { answersByPosition, batchedPerDatabase, inLockOrder } from '../../db/batches.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { sessions, users } from '../accounts/schema.ts';
import { sessionLasts, sessionWithUserFields } from '../accounts/sessions.ts';
import { videoProjects as p, videos } from '../catalogue/schema.ts';
import { projectNamedBy } from '../catalogue/search.ts';
import { hearing } from '../integration/webhook-delivery.ts';
import { renditions } from './schema.ts';

/**
 * What one download call asks of its video: the file named by the body, and its key when known
 * (who asks comes with it: the user's id, or the session's id hash, read in the same statement).
 * `claim`, when the call may be free material's (a clean or credited file asked for by id, not a
 * repeat, not sent on by FTP): the requested file to record (its columns by name, but its user's,
 * which the statement sets) and the day it counts in; the read claims it when the video is free,
 * offered in that file and not embargoed, and the session (when read) lasts.
 */
export type VideoCall = {
  id: number | null;
  slug: string;
  format: string;
  quality: string;
  container: string;
  key: string | null;
  claim?: { since: string; now: string; request: Record<string, unknown> };
};

/** What the statement knows of the video a call names: none when it names none. */
export type VideoFacts = {
  id: number;
  slug: string;
  freeAccess: boolean;
  limitType: string;
  embargoUntil: Date | null;
  offered: boolean;
  storageKey: string | null;
  heard: boolean;
  claimable: boolean;
  claimed: number | null;
};

/** A row's video (its fields are null when the call named none). */
function videoOf(row: Omit<VideoFacts, 'id' | 'slug' | 'freeAccess' | 'limitType'> & NullFields): VideoFacts | undefined {
  const { id, slug, freeAccess, limitType, ...rest } = row;
  return id === null || slug === null || freeAccess === null || limitType === null
    ? undefined
    : { id, slug, freeAccess, limitType, ...rest };
}
type NullFields = { id: number | null; slug: string | null; freeAccess: boolean | null; limitType: string | null };

/** A field of a call in a statement's `calls` (a jsonb array), cast to its type. */
const callField = (path: string, type: 'int' | 'text' | 'timestamptz') => sql.raw(`(calls.call #>> '{${path}}')::${type}`);

/** The calls of a statement, each with its 1-based position. */
const callsOf = sql`jsonb_array_elements(${sql.placeholder('calls')}::jsonb) with ordinality as calls(call, position)`;

/**
 * What the download call reads before it claims, by id or by slug, for the user `userId`: the video
 * and whether it is offered in the file asked for (its renditions: format, quality, container); the
 * stored file of the rendition, when its key could be named before the video was read (`key`: asked
 * for by id and not branded); and whether any endpoint of the user's hears `download.ready`. With a
 * `claim`, free material is claimed in the same statement (`claim_download`, migration 0045: the
 * user's lock, the day's count, the file recorded) when `lasts` holds too: `claimable` says the claim
 * was made, `claimed` is its request's id (null: the day is full). No video: its fields are null.
 */
function videoFacts(db: Db, byId: boolean, userId: SQL | AnyColumn, lasts: SQL) {
  const offeredFile = db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        eq(videos.projectId, p.id),
        eq(videos.format, callField('format', 'text')),
        eq(videos.quality, callField('quality', 'text')),
        eq(videos.container, callField('container', 'text')),
      ),
    );
  const storedFile = db
    .select({ storageKey: renditions.storageKey })
    .from(renditions)
    .where(eq(renditions.renditionKey, callField('key', 'text')));
  const slug = callField('slug', 'text');
  const project = db
    .select({
      id: p.id,
      slug: p.projectSlug,
      freeAccess: p.freeAccess,
      limitType: p.limitType,
      embargoUntil: p.embargoUntil,
      offered: sql<boolean>`exists ${offeredFile}`.as('offered'),
      storageKey: sql<string | null>`${storedFile}`.as('storage_key'),
      heard: hearing(sql`array[${userId}]`, sql`'download.ready'`).as('heard'),
    })
    .from(p)
    .where(byId ? projectNamedBy({ id: callField('id', 'int'), slug }) : projectNamedBy({ slug }))
    .limit(1)
    .as('project');
  const claimable = sql<boolean>`coalesce((calls.call -> 'claim') is not null and ${project.freeAccess} and ${project.offered}
      and ${project.id} = ${callField('id', 'int')}
      and (${project.embargoUntil} is null or ${project.embargoUntil} <= ${callField('claim,now', 'timestamptz')})
      and ${lasts}, false)`;
  const request = sql`(calls.call #> '{claim,request}') || jsonb_build_object(
      'user_id', ${userId},
      'state', case when ${project.storageKey} is null then 'transcoding' else 'ready' end,
      'progress', case when ${project.storageKey} is null then 0 else 100 end)`;
  // A CASE runs its subquery only for the rows it chooses: nothing is claimed for the others.
  const claimed = sql<number | null>`case when ${claimable} then (select claimed.id
      from claim_download(${callField('claim,since', 'timestamptz')}, ${DAILY_DOWNLOAD_LIMIT}, ${request}) as claimed) end`;
  const fields = {
    position: sql<number>`calls.position`.mapWith(Number),
    id: project.id,
    slug: project.slug,
    freeAccess: project.freeAccess,
    limitType: project.limitType,
    embargoUntil: project.embargoUntil,
    offered: project.offered,
    storageKey: project.storageKey,
    heard: project.heard,
    claimable,
    claimed,
  };
  return { project, fields };
}

/**
 * The facts of calls by a known user, in the order of their users (so that two statements lock
 * users in the same order). Prepared once per database. Calls that arrive while such a statement
 * runs go out together as the next one (a lateral join over their `calls`): under load a round
 * trip is a large share of the call's cost, in the server and in PostgreSQL (docs/performance.md).
 */
function userFacts(byId: boolean) {
  const statement = preparedPerDatabase((db) => {
    const { project, fields } = videoFacts(db, byId, callField('user', 'int'), sql`true`);
    return db
      .select(fields)
      .from(callsOf)
      .leftJoinLateral(project, sql`true`)
      .prepare(`download_facts_by_${byId ? 'id' : 'slug'}`);
  });
  return batchedPerDatabase(
    async (db, calls: readonly (VideoCall & { user: number })[]) => {
      const rows = await inLockOrder(
        calls,
        (call) => call.user,
        async (sorted) => statement(db).execute({ calls: JSON.stringify(sorted) }),
      );
      return rows.map((row) => ({ video: row && videoOf(row) }));
    },
    { inFlight: 1, most: 50 },
  );
}

/**
 * The same for calls by the sessions of their cookies, each read with its user in the same
 * statement (the session read every signed-in request makes, accounts/sessions.ts): one batched
 * round trip for the call's session and video, not two. A call whose session there is not gets no
 * row; a claim is made only while the session lasts (the rule findSession applies after). The calls
 * are put in the order of their users in the statement (their ids are not known before it).
 */
function sessionFacts(byId: boolean) {
  const statement = preparedPerDatabase((db) => {
    const byUser = db
      .select({
        call: sql`calls.call`.as('call'),
        position: sql`calls.position`.as('position'),
        lasts: sql<boolean>`${sessionLasts(callField('claim,now', 'timestamptz'))}`.as('lasts'),
        ...sessionWithUserFields,
      })
      .from(callsOf)
      .innerJoin(sessions, eq(sessions.idHash, callField('session', 'text')))
      .innerJoin(users, eq(users.id, sessions.userId))
      .orderBy(users.id)
      .as('calls');
    const { project, fields } = videoFacts(db, byId, byUser.user.id, sql`${byUser.lasts}`);
    // The lateral join runs in the order of `calls`, sorted by user: the claims lock users in that order.
    return db
      .select({ ...fields, session: byUser.session, user: byUser.user })
      .from(byUser)
      .leftJoinLateral(project, sql`true`)
      .prepare(`download_facts_by_${byId ? 'id' : 'slug'}_for_session`);
  });
  return batchedPerDatabase(
    async (db, calls: readonly (VideoCall & { session: string })[]) => {
      const rows = answersByPosition(calls.length, await statement(db).execute({ calls: JSON.stringify(calls) }));
      return rows.map((row) => row && { session: row.session, user: row.user, video: videoOf(row) });
    },
    { inFlight: 1, most: 50 },
  );
}

export const downloadFactsById = userFacts(true);
export const downloadFactsBySlug = userFacts(false);
export const downloadFactsByIdForSession = sessionFacts(true);
export const downloadFactsBySlugForSession = sessionFacts(false);
