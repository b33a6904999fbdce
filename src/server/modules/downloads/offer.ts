import { and, count, eq, gte, notInArray } from 'drizzle-orm';
import { accessTo, contentKindOf, type AccessAgreement } from '../../../common/access.ts';
import { includesBrandedFiles } from '../../../common/agreement-values.ts';
import {
  LOGO_POSITIONS,
  QUALITY_LABELS,
  type AvailableFormat,
  type DownloadBlock,
  type DownloadRemedy,
  type DownloadUsage,
  type LogoPosition,
} from '../../../common/catalogue.ts';
import { DAILY_DOWNLOAD_LIMIT, offeredOnSite } from '../../../common/downloads.ts';
import type { SiteVariant } from '../../../common/site.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { accessAgreements, agreementsServing, mayManage } from '../agreements/service.ts';
import { videoProjects as p, videos } from '../catalogue/schema.ts';
import { projectWhere } from '../catalogue/search.ts';
import { userLimits } from '../company/schema.ts';
import { usedThisMonth } from '../company/service.ts';
import { estimatedBytes, renderSecondsEstimate } from './estimates.ts';
import { logoKeyOf } from './logos.ts';
import { alreadyCharged } from './quotas.ts';
import { renditions, videoMasters, videoRequests } from './schema.ts';
import { renditionKey } from './service.ts';

type OfferContext = { db: Db; now: () => Date };
type Options = { branded?: boolean; agreement_id?: number; brand_position?: LogoPosition };

const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
const nextDay = (now: Date) => new Date(dayStart(now).getTime() + 24 * 3600 * 1000);

/**
 * Formats the caller may download (spec: content §7 current_available_formats), told before the
 * click (issue 28): every rendition, available or why not and what to do, by the access rules of
 * common/access.ts and the checks the download itself makes (the day's 30, a member's monthly
 * limit, a branded file's logo); with its size (known, or estimated) and whether it exists or is
 * prepared first (and about how long that takes); and what a download takes from the caller.
 * The download (service.ts) still decides, under its lock: this only reads.
 */
export async function availableFormats(ctx: OfferContext, idOrSlug: string, user: UserRow | null, options: Options, site: SiteVariant) {
  const [project] = await ctx.db
    .select({ id: p.id, freeAccess: p.freeAccess, limitType: p.limitType, embargoUntil: p.embargoUntil, duration: p.duration })
    .from(p)
    .where(projectWhere(idOrSlug));
  if (!project) throw new NotFound({ code: 'video_not_found', message: 'Video not found' });
  const now = ctx.now();
  const offered = (await ctx.db.select().from(videos).where(eq(videos.projectId, project.id)).orderBy(videos.id))
    .filter((video) => options.branded === undefined || (video.format === 'branded') === options.branded)
    .filter((video) => offeredOnSite(site, video.quality));
  const [master] = await ctx.db
    .select({ duration: videoMasters.durationSeconds })
    .from(videoMasters)
    .where(eq(videoMasters.projectId, project.id));
  const duration = master?.duration ?? project.duration;

  const caller = user ? await callerState(ctx, user, project, options.agreement_id ?? null, now) : null;
  const position = options.brand_position ?? 'bottom_right';
  const keys = offered.map((video) =>
    renditionKey(
      project.id,
      { quality: video.quality, file_type: video.container, video_format: video.format, brand_position: position },
      video.format === 'branded' ? (caller?.logoKey ?? null) : null,
    ),
  );
  const made = new Map(
    keys.length === 0
      ? []
      : (
          await ctx.db
            .select({ key: renditions.renditionKey, size: renditions.sizeBytes })
            .from(renditions)
            .where(eq(renditions.projectId, project.id))
        ).map((row) => [row.key, row.size]),
  );

  const embargoed = project.embargoUntil !== null && project.embargoUntil.getTime() > now.getTime();
  const blockOf = (format: string): DownloadBlock | null => {
    if (!caller) return 'login_required';
    if (embargoed) return 'embargoed';
    if (caller.refused) return caller.refused;
    if (format === 'branded') {
      if (caller.agreement && !includesBrandedFiles(caller.agreement.agreement_type)) return 'licence_required';
      if (!caller.logoKey) return 'logo_required';
    }
    if (caller.daily.used >= DAILY_DOWNLOAD_LIMIT) return 'daily_quota';
    if (caller.memberLimitReached) return 'personal_quota';
    return null;
  };
  const formats: AvailableFormat[] = await Promise.all(
    offered.map(async (video, index) => {
      const reason = blockOf(video.format);
      const size = made.get(keys[index] ?? '');
      return {
        format: video.format,
        quality: video.quality,
        quality_label: QUALITY_LABELS[video.quality],
        container: video.container,
        available: reason === null,
        reason,
        remedy: reason === null ? null : remedyFor(reason, caller),
        size_bytes: size ?? estimatedBytes(video.quality, video.container, duration),
        size_estimated: size === undefined,
        ready: size !== undefined,
        render_seconds: size === undefined ? await renderSecondsEstimate(ctx.db, video.quality, video.container, duration) : null,
      };
    }),
  );
  return {
    project_id: project.id,
    formats,
    logo_positions: [...LOGO_POSITIONS],
    usage: caller ? usageOf(caller, embargoed ? project.embargoUntil : null, now) : null,
  };
}

type CallerState = Awaited<ReturnType<typeof callerState>>;

/** What the download would find for this caller: the agreement it draws on and what it takes, the day's count, the member's limit, the logo. */
async function callerState(
  ctx: OfferContext,
  user: UserRow,
  project: { id: number; freeAccess: boolean; limitType: string },
  agreementId: number | null,
  now: Date,
) {
  const served = project.freeAccess ? [] : await agreementsServing({ db: ctx.db, clock: { now: ctx.now } }, user);
  const held = accessAgreements(served, now);
  const chosen = agreementId ? held.filter((agreement) => agreement.id === agreementId) : held;
  const material = { kind: 'vod' as const, id: project.id, free_access: project.freeAccess, limit_type: project.limitType };
  const decision = accessTo({ signedIn: true, agreements: chosen }, material);
  const agreement: AccessAgreement | null =
    decision.allowed && decision.agreementId !== null ? (held.find((candidate) => candidate.id === decision.agreementId) ?? null) : null;
  const row = agreement ? served.find((candidate) => candidate.row.id === agreement.id)?.row : undefined;
  // Under a used-up balance the agreement that would have served says who may top it up.
  const kind = contentKindOf(material);
  const usedUp =
    !decision.allowed && decision.reason === 'balance_used_up'
      ? served.find(({ row: candidate }) => candidate.status === 'active' && candidate.vodAccess && candidate.agreementType !== 'one_off')
      : undefined;

  let charge: DownloadUsage['charge'] = 'none';
  if (decision.allowed)
    charge =
      agreement === null
        ? 'free'
        : agreement.agreement_type === 'one_off'
          ? 'licensed'
          : (await alreadyCharged(ctx.db, agreement.id, project.id))
            ? 'repeat'
            : 'balance';

  const [today] = await ctx.db
    .select({ n: count() })
    .from(videoRequests)
    .where(
      and(
        eq(videoRequests.userId, user.id),
        gte(videoRequests.createdAt, dayStart(now)),
        notInArray(videoRequests.state, ['failed', 'cancelled']),
      ),
    );
  let memberLimit: DownloadUsage['member_limit'] = null;
  if (user.companyId && charge === 'balance') {
    const [limit] = await ctx.db
      .select({ limit: userLimits.limit })
      .from(userLimits)
      .where(and(eq(userLimits.userId, user.id), eq(userLimits.kind, kind), eq(userLimits.companyId, user.companyId)));
    if (limit?.limit != null)
      memberLimit = { kind, limit: limit.limit, used: await usedThisMonth(ctx.db, user.companyId, user.id, kind, now) };
  }
  const [masterRow] =
    user.companyId && user.companyRole !== 'master'
      ? await ctx.db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(and(eq(users.companyId, user.companyId), eq(users.companyRole, 'master')))
          .limit(1)
      : [];
  return {
    refused: decision.allowed ? null : decision.reason,
    agreement,
    agreementOwner: row?.companyId != null ? ('company' as const) : ('user' as const),
    kind,
    charge,
    daily: { used: today?.n ?? 0 },
    memberLimit,
    memberLimitReached: memberLimit !== null && memberLimit.used >= memberLimit.limit,
    mayTopUp: usedUp !== undefined && usedUp.row.topUpPriceCents !== null && mayManage(user, usedUp.row),
    master: masterRow ? { name: `${masterRow.firstName} ${masterRow.lastName}`.trim(), email: masterRow.email } : null,
    logoKey: await logoKeyOf(ctx.db, user),
  };
}

/** What the caller can do about a block. */
function remedyFor(reason: DownloadBlock, caller: CallerState | null): DownloadRemedy {
  switch (reason) {
    case 'login_required':
      return 'sign_in';
    case 'licence_required':
      return 'buy_licence';
    case 'subscribers_only':
      return 'see_plans';
    case 'balance_used_up':
      return caller?.mayTopUp ? 'top_up' : caller?.master ? 'ask_master' : 'see_plans';
    case 'personal_quota':
      return 'ask_master';
    case 'logo_required':
      // A member cannot change the team's logo: their master does.
      return caller?.master ? 'ask_master' : 'upload_logo';
    case 'embargoed':
    case 'daily_quota':
      return 'wait';
  }
}

function usageOf(caller: CallerState, embargoUntil: Date | null, now: Date): DownloadUsage {
  const dayUsed = caller.daily.used >= DAILY_DOWNLOAD_LIMIT;
  return {
    daily: { used: caller.daily.used, limit: DAILY_DOWNLOAD_LIMIT, resets_at: nextDay(now).toISOString() },
    charge: caller.charge,
    agreement: caller.agreement
      ? {
          id: caller.agreement.id,
          agreement_type: caller.agreement.agreement_type,
          kind: caller.kind,
          remaining: caller.agreement.balances[caller.kind] ?? null,
          owner: caller.agreementOwner,
        }
      : null,
    member_limit: caller.memberLimit,
    master: caller.master,
    available_at: embargoUntil ? embargoUntil.toISOString() : dayUsed ? nextDay(now).toISOString() : null,
  };
}
