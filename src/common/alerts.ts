import { z } from 'zod';
import { url, zod } from './validators.ts';

/**
 * Flash alert bars (spec: content §3 "Alert", accounts §3 "Alert"): red is breaking news, yellow is
 * live; each links to a custom URL or to a live event. Read by everyone at GET /api/content/alerts,
 * written by admins, and every change is sent at once on the alerts channel.
 */
export const ALERT_TYPES = ['red', 'yellow'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export const ALERT_TARGETS = ['custom', 'live_event'] as const;
export type AlertTarget = (typeof ALERT_TARGETS)[number];

export const ALERT_LIMITS = { titleMax: 200, customUrlMax: 2000, liveEventExtidMax: 64 } as const;

export const alertSchema = z.object({
  id: z.number().int(),
  updated_at: z.string(),
  title: z.string(),
  alert_type: z.enum(ALERT_TYPES),
  target_link_to: z.enum(ALERT_TARGETS),
  custom_url: z.string().nullable(),
  live_event_extid: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertsResponseSchema = z.array(alertSchema);

/** A path on this site (`/videos`, `/en/search?q=x`); `//host` and `/\host` would leave it. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
/** An http(s) URL elsewhere, or a path on this site. */
export function isAlertLink(value: string): boolean {
  return SITE_PATH.test(value) || (url(value) === null && /^https?:\/\//i.test(value));
}

/** Live events are not built yet: an extid is letters and digits, with - and _ inside. */
const EXTID = /^[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?$/;

const optionalText = (max: number) => zod.line(max).nullish();

const alertFields = {
  title: zod.requiredText(ALERT_LIMITS.titleMax),
  alert_type: z.enum(ALERT_TYPES, { error: 'validation.required' }),
  target_link_to: z.enum(ALERT_TARGETS, { error: 'validation.required' }),
  custom_url: optionalText(ALERT_LIMITS.customUrlMax),
  live_event_extid: optionalText(ALERT_LIMITS.liveEventExtidMax),
};

type AlertFields = { target_link_to: AlertTarget; custom_url?: string | null; live_event_extid?: string | null };

/** The target decides which link field is required and checked (the other one is not kept). */
function checkTarget(value: AlertFields, ctx: z.RefinementCtx) {
  const link = value.target_link_to === 'custom' ? value.custom_url : value.live_event_extid;
  const field = value.target_link_to === 'custom' ? 'custom_url' : 'live_event_extid';
  if (!link) ctx.addIssue({ code: 'custom', message: 'validation.required', path: [field] });
  else if (value.target_link_to === 'custom' ? !isAlertLink(link) : !EXTID.test(link))
    ctx.addIssue({ code: 'custom', message: value.target_link_to === 'custom' ? 'validation.url' : 'validation.extid', path: [field] });
}

/** A whole alert as an admin writes it (the form validates with this too). */
export const alertInputSchema = z
  .object(alertFields)
  .superRefine(checkTarget)
  .transform((value) => ({
    title: value.title,
    alert_type: value.alert_type,
    target_link_to: value.target_link_to,
    custom_url: value.target_link_to === 'custom' ? (value.custom_url ?? null) : null,
    live_event_extid: value.target_link_to === 'live_event' ? (value.live_event_extid ?? null) : null,
  }));
export type AlertInput = z.output<typeof alertInputSchema>;

/** Some fields of an alert; the alert they make together must pass alertInputSchema. */
export const alertChangesSchema = z.object(alertFields).partial();
export type AlertChanges = z.output<typeof alertChangesSchema>;

export const alertBodySchema = z.object({ alert: alertInputSchema });
export const alertChangesBodySchema = z.object({ alert: alertChangesSchema });

/** What the alerts channel sends: the alert as GET returns it, or the id of a removed one. */
export const alertMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), alert: alertSchema }),
  z.object({ type: z.literal('updated'), alert: alertSchema }),
  z.object({ type: z.literal('deleted'), id: z.number().int() }),
]);
export type AlertMessage = z.infer<typeof alertMessageSchema>;
