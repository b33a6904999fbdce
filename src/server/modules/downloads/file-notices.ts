import { inArray } from 'drizzle-orm';
import { QUALITY_LABELS } from '../../../common/catalogue-values.ts';
import { LINKS } from '../../../common/routes.ts';
import type { Db } from '../../db/client.ts';
import { videoProjects } from '../catalogue/schema.ts';
import type { NewNotice } from '../notice-centre/service.ts';
import type { videoRequests } from './schema.ts';

type Handle = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
type RequestRow = typeof videoRequests.$inferSelect;

/** What happened to a requested file that its user is told of in the notice centre. */
export type FileOutcome = 'ready' | 'failed' | 'delivery_failed';

const TEXTS = {
  ready: { kind: 'file_ready', textKey: 'fileReady' },
  failed: { kind: 'failure', textKey: 'renderFailed' },
  delivery_failed: { kind: 'failure', textKey: 'deliveryFailed' },
} as const;

/** The titles of the requests' videos, read in the caller's transaction. */
export async function titlesOf(db: Handle, rows: readonly Pick<RequestRow, 'projectId'>[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((row) => row.projectId))];
  if (ids.length === 0) return new Map();
  const projects = await db
    .select({ id: videoProjects.id, title: videoProjects.title })
    .from(videoProjects)
    .where(inArray(videoProjects.id, ids));
  return new Map(projects.map((project) => [project.id, project.title]));
}

/**
 * The notice of a requested file's outcome: the video's title and the file ("720p MP4"), leading
 * to my content, where the file is fetched or the failure explained. One per request and outcome.
 */
export function fileNotice(row: RequestRow, title: string, outcome: FileOutcome): NewNotice {
  return {
    userId: row.userId,
    ...TEXTS[outcome],
    values: { title, file: `${QUALITY_LABELS[row.quality]} ${row.container.toUpperCase()}` },
    link: LINKS.myContent,
    subject: `request:${row.id}:${outcome}`,
  };
}
