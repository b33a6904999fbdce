import { desc, eq, or, sql } from 'drizzle-orm';
import { REQUEST_BALANCE_VALID_DAYS, type ContentKind } from '../../../common/agreements.ts';
import type { Locale } from '../../../common/locales.ts';
import {
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  companyTypeOtherMissing,
  OTHER_COMPANY_TYPE,
  type DeskPlanRequest,
  type PlanRequest,
  type PlanRequestForm,
  type PlanRequestStatus,
} from '../../../common/plan-requests.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, fieldError, Invalid, NotFound } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { renderMail } from '../mail/templates.ts';
import { companyTypes, countries, jobTitles } from '../reference/schema.ts';
import { openBalance } from './operations.ts';
import { agreementRequests, agreements } from './schema.ts';

export type PlanRequestsContext = Pick<ServiceContext, 'db' | 'clock' | 'mailer'>;
type RequestRow = typeof agreementRequests.$inferSelect;
type RequestTx = Parameters<Parameters<PlanRequestsContext['db']['transaction']>[0]>[0];

const requestNotFound = () => new NotFound({ code: 'agreement_request_not_found', message: 'Request not found' });

export function planRequestView(row: RequestRow): PlanRequest {
  return {
    id: row.id,
    plan: row.plan,
    status: row.status,
    company_name: row.companyName,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    agreement_id: row.agreementId,
  };
}

/** GET /api/agreement_requests/new: the account's own details fill the form (a visitor's is blank). */
export function newPlanRequest(user: UserRow | null) {
  return {
    agreement_request: {
      first_name: user?.firstName ?? '',
      last_name: user?.lastName ?? '',
      phone_number: user?.phoneNumber ?? '',
      email: user?.email ?? '',
      company_name: user?.companyName ?? '',
      country_id: user?.countryId ?? null,
    },
    company_sizes: COMPANY_SIZES.map((value) => ({ value, label: COMPANY_SIZE_LABELS[value] })),
  };
}

/** The ids must name real choices, and "other" must say which (spec §3, §5: every field required). */
async function checkChoices(ctx: PlanRequestsContext, form: PlanRequestForm) {
  const field = (name: string) => `agreement_request.${name}`;
  const [type] = await ctx.db.select().from(companyTypes).where(eq(companyTypes.id, form.company_type_id));
  const [title] = await ctx.db.select({ id: jobTitles.id }).from(jobTitles).where(eq(jobTitles.id, form.job_title_id));
  const [country] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.id, form.country_id));
  const problems = [
    ...(type ? [] : [fieldError('validation.required', field('company_type_id'))]),
    ...(companyTypeOtherMissing(type?.slug === OTHER_COMPANY_TYPE, form.company_type_other)
      ? [fieldError('validation.required', field('company_type_other'))]
      : []),
    ...(title ? [] : [fieldError('validation.required', field('job_title_id'))]),
    ...(country ? [] : [fieldError('validation.required', field('country_id'))]),
  ];
  if (problems.length > 0) throw new Invalid(problems);
  return { other: type?.slug === OTHER_COMPANY_TYPE };
}

/**
 * POST /api/agreement_requests (a visitor) and /api/current_user/agreement_requests: the request is
 * processing (verification 2–4 hours, up to one working day) and the requester is told so by e-mail.
 */
export async function createPlanRequest(
  ctx: PlanRequestsContext,
  user: UserRow | null,
  form: PlanRequestForm,
  locale: Locale,
): Promise<PlanRequest> {
  const { other } = await checkChoices(ctx, form);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(agreementRequests)
      .values({
        plan: form.plan,
        userId: user?.id ?? null,
        firstName: form.first_name,
        lastName: form.last_name,
        phoneNumber: form.phone_number,
        email: form.email,
        jobTitleId: form.job_title_id,
        companyName: form.company_name,
        companyTypeId: form.company_type_id,
        companyTypeOther: other ? form.company_type_other : null,
        companySize: form.company_size,
        countryId: form.country_id,
        locale,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('inserting a plan request returned no row');
    await ctx.mailer.enqueue(tx, renderMail('plan_request_received', locale, form.email, { company: form.company_name }));
    return inserted;
  });
  ctx.mailer.kick();
  return planRequestView(row);
}

/** GET /api/current_user/agreement_requests: the user's requests, made signed in or with their address. */
export async function listPlanRequests(ctx: PlanRequestsContext, user: UserRow): Promise<PlanRequest[]> {
  const rows = await ctx.db
    .select()
    .from(agreementRequests)
    .where(or(eq(agreementRequests.userId, user.id), eq(agreementRequests.email, user.email)))
    .orderBy(desc(agreementRequests.id));
  return rows.map(planRequestView);
}

export async function listAllPlanRequests(ctx: PlanRequestsContext): Promise<PlanRequest[]> {
  const rows = await ctx.db.select().from(agreementRequests).orderBy(desc(agreementRequests.id));
  return rows.map(planRequestView);
}

export type Approval = { balances: Partial<Record<ContentKind, number>> };
export const DEFAULT_REQUEST_BALANCE: Approval['balances'] = { standard: 20, pool: 5 };

/** Takes the request for a decision: only a processing one may be decided, once. */
async function lockProcessing(tx: RequestTx, id: number) {
  const [row] = await tx.select().from(agreementRequests).where(eq(agreementRequests.id, id)).for('update');
  if (!row) throw requestNotFound();
  if (row.status !== 'processing') throw new Conflict({ code: 'agreement_request_decided', message: 'This request has been decided' });
  return row;
}

/**
 * One decision on a processing request, in one transaction: `apply` does the decision's own work
 * and says the request's new state; the requester is e-mailed with the decision's message.
 */
async function decide(
  ctx: PlanRequestsContext,
  id: number,
  mail: 'plan_request_approved' | 'plan_request_failed',
  apply: (tx: RequestTx, request: RequestRow, now: Date) => Promise<Pick<RequestRow, 'status'> & { agreementId?: number }>,
  by: Decider = {},
): Promise<PlanRequest> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const request = await lockProcessing(tx, id);
    const outcome = await apply(tx, request, now);
    const [decided] = await tx
      .update(agreementRequests)
      .set({ ...outcome, decidedAt: now })
      .where(eq(agreementRequests.id, id))
      .returning();
    const values = { company: request.companyName, reason: by.reason ?? '' };
    await ctx.mailer.enqueue(tx, renderMail(mail, request.locale as Locale, request.email, values));
    if (by.actor)
      await recordAudit(
        tx,
        by.actor,
        {
          action: mail === 'plan_request_approved' ? 'plan_request.approve' : 'plan_request.decline',
          subject: 'plan_request',
          subjectId: id,
          before: { status: request.status },
          after: { status: outcome.status, agreement_id: outcome.agreementId ?? null, reason: by.reason ?? null },
        },
        now,
      );
    return decided;
  });
  ctx.mailer.kick();
  if (!row) throw requestNotFound();
  return planRequestView(row);
}

/**
 * An admin approves: the plan's agreement is created for the requester's company (or the
 * requester, or, with no account yet, held for their address), awaiting acceptance, with a first
 * balance valid for 2 weeks (spec §9); the requester is e-mailed.
 */
export function approvePlanRequest(ctx: PlanRequestsContext, id: number, approval: Approval, by: Decider = {}): Promise<PlanRequest> {
  return decide(
    ctx,
    id,
    'plan_request_approved',
    async (tx, request, now) => {
      const [account] = await tx
        .select()
        .from(users)
        .where(request.userId ? eq(users.id, request.userId) : eq(users.email, request.email));
      const owner = account?.companyId
        ? { companyId: account.companyId }
        : account
          ? { userId: account.id }
          : { claimEmail: request.email };
      const [agreement] = await tx
        .insert(agreements)
        .values({
          ...owner,
          agreementType: request.plan,
          status: 'user_accepting',
          liveAccess: true,
          vodAccess: true,
          access: 'all_content',
          billingPeriod: 'month',
          durationValue: 12,
          durationUnit: 'months',
          startDate: now.toISOString().slice(0, 10),
          requestId: request.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!agreement) throw new Error('inserting an agreement returned no row');
      const validTill = new Date(now.getTime() + REQUEST_BALANCE_VALID_DAYS * 24 * 3600 * 1000);
      for (const [kind, amount] of Object.entries(approval.balances) as [ContentKind, number][])
        await openBalance(tx, { agreementId: agreement.id, kind, amount, refillAmount: null, validTill, at: now });
      return { status: 'approved', agreementId: agreement.id };
    },
    by,
  );
}

/** An admin declines: the request failed to qualify, the order is cancelled (refund in 5–15 business days). */
export function declinePlanRequest(ctx: PlanRequestsContext, id: number, by: Decider = {}): Promise<PlanRequest> {
  return decide(ctx, id, 'plan_request_failed', async () => ({ status: 'failed_to_qualify' }), by);
}

/** Who decided at the desk (audited) and, for a decline, why (said to the requester too). */
type Decider = { actor?: Actor; reason?: string };

/** GET /api/desk/plan_requests: the queue, oldest waiting first, then the decided ones newest first. */
export async function deskPlanRequests(ctx: PlanRequestsContext, status?: PlanRequestStatus): Promise<DeskPlanRequest[]> {
  const rows = await ctx.db
    .select({ request: agreementRequests, countryCode: countries.code })
    .from(agreementRequests)
    .leftJoin(countries, eq(countries.id, agreementRequests.countryId))
    .where(status ? eq(agreementRequests.status, status) : undefined)
    .orderBy(
      sql`${agreementRequests.status} <> 'processing'`,
      sql`case when ${agreementRequests.status} = 'processing' then ${agreementRequests.id} else -${agreementRequests.id} end`,
    )
    .limit(500);
  return rows.map(({ request, countryCode }) => ({
    ...planRequestView(request),
    first_name: request.firstName,
    last_name: request.lastName,
    email: request.email,
    phone_number: request.phoneNumber,
    company_size: request.companySize,
    country_code: countryCode,
    locale: request.locale,
    user_id: request.userId,
  }));
}
