import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { QUALITY_LABELS } from '../../../common/catalogue-values.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import type { JobDeps } from '../../jobs/definition.ts';
import { users } from '../accounts/schema.ts';
import { agreementOperations, agreements } from '../agreements/schema.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { renderMail } from '../mail/templates.ts';
import { tellNotices } from '../notice-centre/service.ts';
import { transactions } from '../payments/schema.ts';
import { userStream } from '../realtime/channels.ts';
import { signedFileUrl } from './files.ts';
import { videoRequests } from './schema.ts';

export const STATS_REPORT_QUEUE = 'downloads.stats-report';
/** The report's link works this long (the e-mail says 7 days). */
const REPORT_TTL_SECONDS = 7 * 24 * 3600;
export const REPORT_HEADER = ['Date', 'User', 'Project ID', 'Title', 'Rendition', 'Agreement', 'Price', 'State'];

/** The story's state as the report says it (issue 24: a killed story must not be used). */
const STATE_LABELS = { published: 'Published', corrected: 'Corrected', withheld: 'Withheld', killed: 'Killed' } as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A text a spreadsheet would run as a formula (=, +, -, @, a tab or CR first) gets a leading
 * apostrophe, so a title cannot turn into a formula on the customer's machine.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: a byte-order mark (spreadsheets then read UTF-8, Arabic included), CRLF lines. */
export function csvDocument(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * The rows of a user's report: their own downloads, or a master's whole team's, oldest first: date,
 * user, project id, title, rendition, agreement, price (a one-off licence's payment; an item of a
 * balance; nothing for free material or a repeat).
 */
export async function reportRows(db: JobDeps['db'], user: { id: number; companyId: number | null; companyRole: string | null }) {
  const team =
    user.companyId && user.companyRole === 'master'
      ? (await db.select({ id: users.id }).from(users).where(eq(users.companyId, user.companyId))).map((row) => row.id)
      : [user.id];
  const rows = await db
    .select({
      request: videoRequests,
      email: users.email,
      projectId: videoProjects.projectId,
      title: videoProjects.title,
      state: videoProjects.editorialState,
      agreementType: agreements.agreementType,
      chargedKind: agreementOperations.kind,
    })
    .from(videoRequests)
    .innerJoin(users, eq(users.id, videoRequests.userId))
    .innerJoin(videoProjects, eq(videoProjects.id, videoRequests.projectId))
    .leftJoin(agreements, eq(agreements.id, videoRequests.agreementId))
    .leftJoin(agreementOperations, eq(agreementOperations.id, videoRequests.operationId))
    .where(and(inArray(videoRequests.userId, [...new Set([user.id, ...team])]), notInArray(videoRequests.state, ['failed', 'cancelled'])))
    .orderBy(asc(videoRequests.createdAt), asc(videoRequests.id));
  const oneOffIds = rows.flatMap((row) => (row.agreementType === 'one_off' && row.request.agreementId ? [row.request.agreementId] : []));
  const paid = oneOffIds.length
    ? await db
        .select({ agreementId: transactions.agreementId, cents: transactions.amountCents, currency: transactions.currency })
        .from(transactions)
        .where(and(inArray(transactions.agreementId, oneOffIds), eq(transactions.status, 'succeeded')))
    : [];
  const paidFor = new Map(paid.map((row) => [row.agreementId, money(row.cents, row.currency)]));
  return rows.map(({ request, email, projectId, title, state, agreementType, chargedKind }) => [
    request.createdAt.toISOString(),
    email,
    projectId,
    title,
    [QUALITY_LABELS[request.quality], request.container.toUpperCase(), request.format, request.brandPosition ?? '']
      .filter(Boolean)
      .join(' '),
    request.agreementId && agreementType ? `#${request.agreementId} ${agreementType}` : 'free',
    agreementType === 'one_off' ? (paidFor.get(request.agreementId) ?? '') : chargedKind ? `1 ${chargedKind} item` : '0',
    STATE_LABELS[state],
  ]);
}

/**
 * The job behind POST /api/current_user/agreement_operations/full_stats_reports: builds the CSV,
 * stores it, and gives the user its signed link by a real-time notification and by e-mail.
 */
export async function buildStatsReport(deps: JobDeps, data: { userId?: number }): Promise<Record<string, number>> {
  if (!data.userId) return { rows: 0 };
  const [user] = await deps.db.select().from(users).where(eq(users.id, data.userId));
  if (!user) return { rows: 0 };
  const rows = await reportRows(deps.db, user);
  const now = deps.clock.now();
  const { workDir, store, secret } = deps.files;
  await mkdir(workDir, { recursive: true });
  const file = path.join(workDir, `report-${randomUUID()}.csv`);
  const key = `reports/${user.id}/${randomUUID()}.csv`;
  try {
    await writeFile(file, csvDocument([REPORT_HEADER, ...rows]));
    await store.put(key, file);
  } finally {
    await rm(file, { force: true });
  }
  const name = `newsreel-downloads-${now.toISOString().slice(0, 10)}.csv`;
  const link = signedFileUrl(secret, { key, name, now, ttlSeconds: REPORT_TTL_SECONDS });
  // Kept in the notice centre too, with the same link (good for the week the e-mail promises).
  await tellNotices(deps, [{ userId: user.id, kind: 'file_ready', textKey: 'reportReady', link, subject: `report:${key}` }]);
  // The e-mail is queued before the pop-up: whoever hears of the report finds its mail on its way.
  await deps.mailer.enqueue(
    deps.db,
    renderMail('stats_report_ready', user.notificationLocale, user.email, { link: `${deps.publicOrigin}${link}` }),
  );
  deps.broadcast(CHANNELS.notifications, userStream(user.id), { type: 'success', key: 'downloads.reportReady', link });
  deps.mailer.kick();
  return { rows: rows.length };
}
