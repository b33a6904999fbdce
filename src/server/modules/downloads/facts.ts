import { and, eq, sql } from 'drizzle-orm';
import { DAILY_DOWNLOAD_LIMIT } from '../../../common/downloads.ts';
import { batchedPerDatabase, inLockOrder } from '../../db/batches.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { videoProjects as p, videos } from '../catalogue/schema.ts';
import { projectNamedBy } from '../catalogue/search.ts';
import { hearing } from '../integration/webhook-delivery.ts';
import { renditions } from './schema.ts';

/**
 * What one download call asks of its video: the file named by the body, and its key when known.
 * `claim`, when the call may be free material's (a clean or credited file asked for by id, not a
 * repeat, not sent on by FTP): the requested file to record (its columns by name) and the day it
 * counts in; the read claims it when the video is free, offered in that file and not embargoed.
 */
export type FactsCall = {
  id: number | null;
  slug: string;
  format: string;
  quality: string;
  container: string;
  key: string | null;
  user: number;
  claim?: { since: string; now: string; request: Record<string, unknown> };
};

/** A field of a call in a statement's `calls` (a jsonb array), cast to its type. */
const callField = (path: string, type: 'int' | 'text' | 'timestamptz') => sql.raw(`(calls.call #>> '{${path}}')::${type}`);

/**
 * What the download call reads before it claims, by id or by slug: the video and whether it is
 * offered in the file asked for (its renditions: format, quality, container); the stored file of the
 * rendition, when its key could be named before the video was read (`key`: asked for by id and not
 * branded); and whether any endpoint of the user's hears `download.ready`. With a `claim`, free
 * material is claimed in the same statement (`claim_download`, migration 0045: the user's lock, the
 * day's count, the file recorded): `claimable` says the claim was made, `claimed` is its request's id
 * (null: the day is full). Prepared once per database. Calls that arrive while such a statement runs
 * go out together as the next one (a lateral join over their `calls`, in the order of their users, so
 * that two statements lock users in the same order): under load a round trip is a large share of the
 * call's cost, in the server and in PostgreSQL (docs/performance.md).
 */
function downloadFacts(byId: boolean) {
  const statement = preparedPerDatabase((db) => {
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
        heard: hearing(sql`array[${callField('user', 'int')}]`, sql`'download.ready'`).as('heard'),
      })
      .from(p)
      .where(byId ? projectNamedBy({ id: callField('id', 'int'), slug }) : projectNamedBy({ slug }))
      .limit(1)
      .as('project');
    const claimable = sql<boolean>`(calls.call -> 'claim') is not null and ${project.freeAccess} and ${project.offered}
      and ${project.id} = ${callField('id', 'int')}
      and (${project.embargoUntil} is null or ${project.embargoUntil} <= ${callField('claim,now', 'timestamptz')})`;
    const request = sql`(calls.call #> '{claim,request}') || jsonb_build_object(
      'state', case when ${project.storageKey} is null then 'transcoding' else 'ready' end,
      'progress', case when ${project.storageKey} is null then 0 else 100 end)`;
    // A CASE runs its subquery only for the rows it chooses: nothing is claimed for the others.
    const claimed = sql<number | null>`case when ${claimable} then (select claimed.id
      from claim_download(${callField('claim,since', 'timestamptz')}, ${DAILY_DOWNLOAD_LIMIT}, ${request}) as claimed) end`;
    return db
      .select({
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
      })
      .from(sql`jsonb_array_elements(${sql.placeholder('calls')}::jsonb) with ordinality as calls(call, position)`)
      .innerJoinLateral(project, sql`true`)
      .prepare(`download_facts_by_${byId ? 'id' : 'slug'}`);
  });
  return batchedPerDatabase(
    (db, calls: readonly FactsCall[]) =>
      inLockOrder(
        calls,
        (call) => call.user,
        async (sorted) => statement(db).execute({ calls: JSON.stringify(sorted) }),
      ),
    { inFlight: 1, most: 50 },
  );
}

export const downloadFactsById = downloadFacts(true);
export const downloadFactsBySlug = downloadFacts(false);
