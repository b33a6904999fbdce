import { z } from 'zod';
import { LOCALES, type Locale } from '../../../../common/locales.ts';
import type { ContentFields } from '../../../../common/newsroom.ts';
import { slugify } from '../../../../common/slug.ts';
import type { JobDeps } from '../../../jobs/definition.ts';

/** What the drop folder takes and how it reads a sidecar, wherever the folder is (a folder on disk, or a prefix of the bucket). */

/** The media files the drop folder takes; anything else (sidecars, notes) is left alone. */
export const MEDIA_EXTENSIONS = new Set(['.mp4', '.mov', '.mxf', '.mkv', '.m4v', '.avi', '.mts', '.ts', '.webm', '.mpg', '.mpeg']);
/** Where claimed files wait for their ingest, then go: out of the way of the next scan (sub-folders, or sub-prefixes on S3). */
export const DROP_SUBFOLDERS = { claimed: '.claimed', done: 'done', failed: 'failed' } as const;

const text = z.string().max(20_000);
/**
 * The sidecar: a ninjs 2.x document (IPTC) of the fields the desk's describe form has. Unknown
 * fields are ignored; a field of the wrong shape makes the sidecar bad.
 */
export const sidecarSchema = z.looseObject({
  headline: z.string().max(200).optional(),
  body_text: text.optional(),
  description_text: text.optional(),
  slugline: z.string().max(200).optional(),
  language: z.string().max(20).optional(),
  located: z.string().max(200).optional(),
  byline: z.string().max(200).optional(),
  copyrightnotice: z.string().max(200).optional(),
  usageterms: z.string().max(2000).optional(),
  urgency: z.number().int().min(1).max(9).optional(),
  firstcreated: z.string().max(40).optional(),
  subject: z
    .array(z.looseObject({ name: z.string().max(100).optional(), code: z.string().max(100).optional() }))
    .max(30)
    .optional(),
});
export type Sidecar = z.infer<typeof sidecarSchema>;

/** A sidecar's fields as the describe form's: the story filed in its language, tags from its subjects. */
export function fieldsFromSidecar(sidecar: Sidecar): Partial<ContentFields> {
  const language = (LOCALES as readonly string[]).includes(sidecar.language?.slice(0, 2) ?? '')
    ? (sidecar.language?.slice(0, 2) as Locale)
    : 'en';
  const script = sidecar.body_text ?? sidecar.description_text ?? '';
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(sidecar.firstcreated ?? '')?.[1] ?? null;
  const tags = [...new Set((sidecar.subject ?? []).map((subject) => slugify(subject.name ?? subject.code ?? '')).filter(Boolean))];
  return {
    language,
    texts: { [language]: { headline: sidecar.headline ?? sidecar.slugline ?? '', script, shotlist: [] } },
    dateline_place: sidecar.located ?? '',
    dateline_date: date,
    tag_slugs: tags.slice(0, 30),
    source: sidecar.byline ?? '',
    credit: sidecar.copyrightnotice ?? '',
    restrictions_text: sidecar.usageterms ?? '',
  };
}

export type DropScan = { taken: number; waiting: number; badSidecars: number };
export type DropDeps = Pick<JobDeps, 'db' | 'clock' | 'files' | 'broadcast' | 'jobs'> & {
  log?: (details: object, message: string) => void;
};

/** A sidecar's text as its fields, or why it is bad (not JSON, or fields of the wrong shape). */
export function parseSidecar(text: string): { ok: true; sidecar: Sidecar } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = sidecarSchema.safeParse(json);
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'document'}: ${issue.message}`).join('; ') };
  return { ok: true, sidecar: parsed.data };
}
