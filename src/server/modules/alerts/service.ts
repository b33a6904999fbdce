import { desc, eq } from 'drizzle-orm';
import { alertInputSchema, type Alert, type AlertChanges, type AlertInput, type AlertMessage } from '../../../common/alerts.ts';
import { CHANNELS } from '../../../common/realtime.ts';
import type { ServiceContext } from '../../context.ts';
import { fieldError, Invalid, NotFound } from '../../http/errors.ts';
import { ALERTS_STREAM } from '../realtime/channels.ts';
import { queuePush } from '../push/notify.ts';
import { alerts } from './schema.ts';

export type AlertsContext = Pick<ServiceContext, 'db' | 'clock' | 'broadcast' | 'jobs'>;
type AlertRow = typeof alerts.$inferSelect;

const alertNotFound = () => new NotFound({ code: 'alert_not_found', message: 'Alert not found' });

function alertView(row: AlertRow): Alert {
  return {
    id: row.id,
    updated_at: row.updatedAt.toISOString(),
    title: row.title,
    alert_type: row.alertType,
    target_link_to: row.targetLinkTo,
    custom_url: row.customUrl,
    live_event_extid: row.liveEventExtid,
  };
}

const columns = (input: AlertInput) => ({
  title: input.title,
  alertType: input.alert_type,
  targetLinkTo: input.target_link_to,
  customUrl: input.custom_url,
  liveEventExtid: input.live_event_extid,
});

/** Every change reaches the alert bars of everyone connected at once (spec: content §4). */
function announce(ctx: AlertsContext, message: AlertMessage) {
  ctx.broadcast(CHANNELS.alerts, ALERTS_STREAM, message);
}

/** The alerts shown now, newest first (spec: content §7 GET /api/content/alerts). */
export async function listAlerts(ctx: Pick<AlertsContext, 'db'>): Promise<Alert[]> {
  const rows = await ctx.db.select().from(alerts).orderBy(desc(alerts.id));
  return rows.map(alertView);
}

type Tx = Parameters<Parameters<AlertsContext['db']['transaction']>[0]>[0];
/** The desk's record of a change (its audit log), written in the change's transaction. */
export type AlertRecord = (tx: Tx, before: Alert | null, after: Alert | null) => Promise<void>;

export async function createAlert(ctx: AlertsContext, input: AlertInput, record?: AlertRecord): Promise<Alert> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(alerts)
      .values({ ...columns(input), createdAt: now, updatedAt: now })
      .returning();
    if (!made) throw new Error('inserting an alert returned no row');
    await record?.(tx, null, alertView(made));
    return made;
  });
  const alert = alertView(row);
  announce(ctx, { type: 'created', alert });
  // Breaking news is pushed to every browser that asked for pushes (once per alert).
  if (alert.alert_type === 'red') await queuePush(ctx, { kind: 'alert', id: alert.id });
  return alert;
}

/** Some fields change; the alert they make must still be whole (a custom target keeps a valid URL…). */
export async function updateAlert(ctx: AlertsContext, id: number, changes: AlertChanges, record?: AlertRecord): Promise<Alert> {
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update');
    if (!current) throw alertNotFound();
    const merged = alertInputSchema.safeParse({
      ...alertView(current),
      ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    });
    if (!merged.success)
      throw new Invalid(merged.error.issues.map((issue) => fieldError(issue.message, ['alert', ...issue.path.map(String)].join('.'))));
    const [changed] = await tx
      .update(alerts)
      .set({ ...columns(merged.data), updatedAt: ctx.clock.now() })
      .where(eq(alerts.id, id))
      .returning();
    if (!changed) throw alertNotFound();
    await record?.(tx, alertView(current), alertView(changed));
    return changed;
  });
  const alert = alertView(row);
  announce(ctx, { type: 'updated', alert });
  if (alert.alert_type === 'red') await queuePush(ctx, { kind: 'alert', id: alert.id });
  return alert;
}

export async function deleteAlert(ctx: AlertsContext, id: number, record?: AlertRecord): Promise<void> {
  const row = await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(alerts).where(eq(alerts.id, id)).returning();
    if (!gone) throw alertNotFound();
    await record?.(tx, alertView(gone), null);
    return gone;
  });
  announce(ctx, { type: 'deleted', id: row.id });
}
