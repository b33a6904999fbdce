import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Banner } from '../../../common/catalogue.ts';
import { bannerInputSchema, type BannerChanges, type BannerInput } from '../../../common/live-desk.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, fieldError, Invalid, NotFound } from '../../http/errors.ts';
import { bannerView } from '../catalogue/dashboard.ts';
import { banners } from '../catalogue/schema.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';

/**
 * Dashboard banners curated at the desk (spec content §3 "Dashboard data": four places, a breaking
 * flag, a link to a URL, a live event, a story or a tag). The dashboard reads the table; once a
 * change is committed every process drops its cached dashboards (scope `catalogue`), so it shows
 * on the next dashboard anyone loads. One banner per language and place.
 */
export type BannersContext = Pick<ServiceContext, 'db' | 'clock' | 'caches'>;
type Tx = Parameters<Parameters<BannersContext['db']['transaction']>[0]>[0];
type BannerRow = typeof banners.$inferSelect;

const bannerNotFound = () => new NotFound({ code: 'banner_not_found', message: 'Banner not found' });
const placeTaken = () =>
  new Conflict({ code: 'banner_position_taken', field: 'position', message: 'Another banner has this place in this language' });

const columns = (input: BannerInput) => ({
  title: input.title,
  locale: input.locale,
  position: input.position,
  breaking: input.breaking,
  targetLinkTo: input.target_link_to,
  customUrl: input.custom_url,
  liveEventExtid: input.live_event_extid,
  videoProjectExtid: input.video_project_extid,
  tagId: input.tag_id,
  imageUrl: input.image_url,
});

/** What a banner is as the desk writes it (the input's fields, from a row). */
const inputOf = (row: BannerRow) => ({
  title: row.title,
  locale: row.locale,
  position: row.position,
  breaking: row.breaking,
  target_link_to: row.targetLinkTo,
  custom_url: row.customUrl,
  live_event_extid: row.liveEventExtid,
  video_project_extid: row.videoProjectExtid,
  tag_id: row.tagId,
  image_url: row.imageUrl,
});

/**
 * Claims a language's place for this transaction (an advisory lock: two producers filling the same
 * place at once are taken one after the other), then checks nobody else holds it.
 */
async function claimPlace(tx: Tx, locale: string, position: number, exceptId: number | null) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`banner:${locale}:${position}`}))`);
  const [holder] = await tx
    .select({ id: banners.id })
    .from(banners)
    .where(
      and(
        eq(banners.locale, locale as BannerRow['locale']),
        eq(banners.position, position),
        exceptId === null ? undefined : ne(banners.id, exceptId),
      ),
    );
  if (holder) throw placeTaken();
}

const audit = (tx: Tx, actor: Actor, action: string, id: number, before: BannerRow | null, after: BannerRow | null, now: Date) =>
  recordAudit(
    tx,
    actor,
    { action, subject: 'banner', subjectId: id, before: before && inputOf(before), after: after && inputOf(after) },
    now,
  );

/** GET /api/desk/banners: every banner, by language and place. */
export async function listBanners(ctx: BannersContext): Promise<Banner[]> {
  const rows = await ctx.db.select().from(banners).orderBy(asc(banners.locale), asc(banners.position), asc(banners.id));
  return rows.map(bannerView);
}

export async function createBanner(ctx: BannersContext, actor: Actor, input: BannerInput): Promise<Banner> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await claimPlace(tx, input.locale, input.position, null);
    const [made] = await tx
      .insert(banners)
      .values({ ...columns(input), createdAt: now, updatedAt: now })
      .returning();
    if (!made) throw new Error('inserting a banner returned no row');
    await audit(tx, actor, 'banner.create', made.id, null, made, now);
    return made;
  });
  ctx.caches.invalidate('catalogue');
  return bannerView(row);
}

/** Some fields change; the banner they make must still be whole, and its place free. */
export async function updateBanner(ctx: BannersContext, actor: Actor, id: number, changes: BannerChanges): Promise<Banner> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!current) throw bannerNotFound();
    const merged = bannerInputSchema.safeParse({
      ...inputOf(current),
      ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    });
    if (!merged.success) throw new Invalid(merged.error.issues.map((issue) => fieldError(issue.message, issue.path.map(String).join('.'))));
    if (merged.data.locale !== current.locale || merged.data.position !== current.position)
      await claimPlace(tx, merged.data.locale, merged.data.position, id);
    const [changed] = await tx
      .update(banners)
      .set({ ...columns(merged.data), updatedAt: now })
      .where(eq(banners.id, id))
      .returning();
    if (!changed) throw bannerNotFound();
    await audit(tx, actor, 'banner.update', id, current, changed, now);
    return changed;
  });
  ctx.caches.invalidate('catalogue');
  return bannerView(row);
}

export async function deleteBanner(ctx: BannersContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!gone) throw bannerNotFound();
    await audit(tx, actor, 'banner.delete', id, gone, null, ctx.clock.now());
  });
  ctx.caches.invalidate('catalogue');
}
