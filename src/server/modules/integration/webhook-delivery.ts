import { performance } from 'node:perf_hooks';
import { and, eq, inArray, isNotNull, isNull, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { WebhookEventType } from '../../../common/integration.ts';
import { WEBHOOK_LIMITS, WEBHOOK_RETRY_SCHEDULE } from '../../../common/webhooks.ts';
import { systemClock, type Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { decrypt } from '../security/crypto.ts';
import { outboundFetch } from '../security/outbound-fetch.ts';
import type { OutboundPolicy } from '../security/outbound.ts';
import { webhookAttempts, webhookEndpoints, webhookMessages } from './schema.ts';
import { checkWebhookTarget, newMessageId, parseWebhookUrl, WEBHOOK_SEND_QUEUE } from './webhooks.ts';

/**
 * Raising and sending webhook events (issue 30). An event becomes one message per active endpoint
 * subscribed to its type whose owner is a recipient's company (or the recipient, without one); the
 * sender signs each per Standard Webhooks and posts it until the endpoint answers 2xx, on the
 * Standard Webhooks schedule (27 h 35 min in all), logging every attempt.
 */

export type WebhookEvent = {
  /** Users the event is for: each one's company's endpoints hear it, or their own when they have none. */
  recipients: readonly number[];
  type: WebhookEventType;
  /** The same event raised again (a job run twice) is the same message: one per endpoint and key. */
  dedupeKey: string;
  /** The event's `data`: ids, the item's guid/uri, headline, the note or reason, links. */
  data: Record<string, unknown>;
};

/**
 * The active endpoints subscribed to an event type that its recipients' owners hold: a recipient's
 * company's, or the recipient's own when they have none (`endpoints_hearing`, migration 0046). One
 * statement prepared once per database: most events have no endpoint to hear them, and then this is
 * all they cost.
 */
export async function endpointsHearing(db: Db, recipients: readonly number[], type: WebhookEventType): Promise<{ id: number }[]> {
  if (recipients.length === 0) return [];
  return endpointsHearingStatement(db).execute({ recipients: [...new Set(recipients)], type });
}

/** The SQL that says whether any endpoint hears an event of the type for these recipients (an `exists` of a statement). */
export function hearing(recipients: SQL | Placeholder, type: SQL | Placeholder): SQL<boolean> {
  return sql<boolean>`exists (select from endpoints_hearing(${recipients}::int[], ${type}::text))`;
}

const endpointsHearingStatement = preparedPerDatabase((db) =>
  db
    .select({ id: sql<number>`hearing.id` })
    .from(sql`endpoints_hearing(${sql.placeholder('recipients')}::int[], ${sql.placeholder('type')}::text) as hearing(id)`)
    .prepare('endpoints_hearing'),
);

/**
 * Inserts the event's messages (none twice: `onConflictDoNothing` on endpoint and key) and answers
 * how many are new; wake the sender after (`wakeWebhookSender`), once committed.
 */
export async function raiseWebhookEvent(db: Db, event: WebhookEvent, now: Date): Promise<number> {
  const endpoints = await endpointsHearing(db, event.recipients, event.type);
  if (endpoints.length === 0) return 0;
  const payload = { type: event.type, timestamp: now.toISOString(), data: event.data };
  const inserted = await db
    .insert(webhookMessages)
    .values(
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        messageId: newMessageId(),
        eventType: event.type,
        dedupeKey: event.dedupeKey,
        payload,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [webhookMessages.endpointId, webhookMessages.dedupeKey] })
    .returning({ id: webhookMessages.id });
  return inserted.length;
}

/** Seconds a claimed message is held before another run may take it (its sender was lost): past any attempt. */
const LEASE_SECONDS = 120;
/** Messages one run claims, and how many it posts at once. */
const BATCH = 200;
const CONCURRENCY = 16;

export type WebhookSendDeps = Pick<JobDeps, 'db' | 'clock' | 'outbound'> & {
  /** Decrypts the endpoints' secrets (the app secret). */
  secret: string;
  /**
   * The `webhook-timestamp` of each attempt: the real time, as receivers check it against their own
   * clock (Standard Webhooks allows 5 minutes); the schedule follows `clock`.
   */
  signingClock?: Clock;
  timeoutMs?: number;
};

type Claimed = { id: number; messageId: string; payload: Record<string, unknown>; attempts: number; url: string; secretSealed: string };

/**
 * Takes the due messages of active endpoints: `FOR UPDATE SKIP LOCKED`, so two workers never take
 * the same one, then held for the lease (the attempt counted) while it is posted outside the
 * transaction.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookMessages.endpointId))
      .where(
        and(
          eq(webhookMessages.state, 'pending'),
          isNotNull(webhookMessages.nextAttemptAt),
          lte(webhookMessages.nextAttemptAt, now),
          isNull(webhookEndpoints.disabledAt),
        ),
      )
      .orderBy(webhookMessages.nextAttemptAt, webhookMessages.id)
      .limit(limit)
      .for('update', { of: webhookMessages, skipLocked: true });
    if (due.length === 0) return [];
    const held = await tx
      .update(webhookMessages)
      .set({ attempts: sql`${webhookMessages.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_SECONDS * 1000) })
      .where(
        inArray(
          webhookMessages.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(held.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return held.flatMap((row) => {
      const endpoint = byId.get(row.endpointId);
      return endpoint
        ? [
            {
              id: row.id,
              messageId: row.messageId,
              payload: row.payload,
              attempts: row.attempts,
              url: endpoint.url,
              secretSealed: endpoint.secretSealed,
            },
          ]
        : [];
    });
  });
}

type Outcome = { ok: boolean; status: number | null; latencyMs: number; excerpt: string };

const cut = (text: string) => text.slice(0, WEBHOOK_LIMITS.excerpt);

/** One signed POST to the endpoint, at the address the outbound policy checked. */
export async function postWebhook(
  policy: OutboundPolicy,
  target: { url: string; secret: string; messageId: string; body: string; timestamp: Date },
  timeoutMs: number,
): Promise<Outcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const url = parseWebhookUrl(target.url);
    const fetch = outboundFetch({ check: () => checkWebhookTarget(policy, url) }, { maxBytes: 256 * 1024 });
    const signature = new Webhook(target.secret).sign(target.messageId, target.timestamp, target.body);
    const answer = await fetch(url.toString(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Newsreel-Webhooks/1.0',
        'webhook-id': target.messageId,
        'webhook-timestamp': String(Math.floor(target.timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: target.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await answer.text().catch(() => '');
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, latencyMs: took(), excerpt: cut(text) };
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `no answer within ${Math.round(timeoutMs / 1000)} s`
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, status: null, latencyMs: took(), excerpt: cut(reason) };
  }
}

/** Seconds from this failed attempt to the next, or null when it was the last. */
export function nextDelaySeconds(attemptsMade: number): number | null {
  return WEBHOOK_RETRY_SCHEDULE[attemptsMade] ?? null;
}

/** What one attempt leaves: its log row, and the message's next state. */
type Settled = {
  id: number;
  attempts: number;
  outcome: Outcome;
  state: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: Date | null;
  at: Date;
};

/**
 * Logs attempts and settles their messages, many in one write: while one write runs, the answers
 * that arrive wait and go together in the next (one transaction, whatever the number), so a hundred
 * endpoints answering at once cost a few writes, not a hundred. A message is settled only by the run
 * that holds its claim (the attempts it counted); a lost run's late answer is logged only.
 */
function settler(db: Db) {
  let waiting: Settled[] = [];
  let writing: Promise<void> | null = null;
  const write = async (batch: Settled[]) => {
    const rows = sql.join(
      batch.map(
        (item) =>
          sql`(${item.id}::integer, ${item.attempts}::integer, ${item.state}::text, ${item.nextAttemptAt?.toISOString() ?? null}::timestamptz, ${item.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values(
        batch.map((item) => ({
          messageId: item.id,
          status: item.outcome.status,
          latencyMs: item.outcome.latencyMs,
          excerpt: item.outcome.excerpt,
          createdAt: item.at,
        })),
      );
      await tx.execute(sql`
        update ${webhookMessages} set
          state = settled.state,
          next_attempt_at = settled.next_at,
          delivered_at = case when settled.state = 'delivered' then settled.at else ${webhookMessages.deliveredAt} end
        from (values ${rows}) as settled (id, attempts, state, next_at, at)
        where ${webhookMessages.id} = settled.id and ${webhookMessages.state} = 'pending' and ${webhookMessages.attempts} = settled.attempts`);
    });
  };
  const drain = async () => {
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        await write(batch);
      }
    } finally {
      writing = null;
    }
  };
  return {
    /** Resolves once the item is written (with whatever waited beside it). */
    add(item: Settled): Promise<void> {
      waiting.push(item);
      writing ??= drain();
      return writing;
    },
  };
}

async function sendOne(deps: WebhookSendDeps, message: Claimed, settle: ReturnType<typeof settler>): Promise<boolean> {
  const timestamp = (deps.signingClock ?? systemClock).now();
  let outcome: Outcome;
  try {
    const secret = decrypt(message.secretSealed, deps.secret);
    outcome = await postWebhook(
      deps.outbound,
      { url: message.url, secret, messageId: message.messageId, body: JSON.stringify(message.payload), timestamp },
      deps.timeoutMs ?? WEBHOOK_LIMITS.timeoutSeconds * 1000,
    );
  } catch (error) {
    outcome = { ok: false, status: null, latencyMs: 0, excerpt: cut(error instanceof Error ? error.message : String(error)) };
  }
  const at = deps.clock.now();
  const delay = outcome.ok ? null : nextDelaySeconds(message.attempts);
  await settle.add({
    id: message.id,
    attempts: message.attempts,
    outcome,
    at,
    state: outcome.ok ? 'delivered' : delay === null ? 'failed' : 'pending',
    nextAttemptAt: delay === null ? null : new Date(at.getTime() + delay * 1000),
  });
  return outcome.ok;
}

/**
 * Sends every message due now, at most CONCURRENCY at a time, batch after batch until none is due;
 * answers what happened. Run by the queue when an event is raised and every minute for retries.
 */
export async function sendDueWebhooks(deps: WebhookSendDeps): Promise<{ delivered: number; failedAttempts: number }> {
  const counts = { delivered: 0, failedAttempts: 0 };
  for (let round = 0; round < 50; round += 1) {
    const claimed = await claimDue(deps.db, deps.clock.now(), BATCH);
    if (claimed.length === 0) break;
    let next = 0;
    const settle = settler(deps.db);
    const lane = async () => {
      while (next < claimed.length) {
        const message = claimed[next++]!;
        if (await sendOne(deps, message, settle)) counts.delivered += 1;
        else counts.failedAttempts += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, lane));
    if (claimed.length < BATCH) break;
  }
  return counts;
}

/** Every minute (due retries), and at once when an event is raised or a message sent again. */
export const webhookSendJob: JobDefinition = {
  queue: WEBHOOK_SEND_QUEUE,
  schedule: '* * * * *',
  expireInSeconds: 900,
  // A new event is looked for twice a second (publish to delivered within 2 s, issue 30).
  pollingIntervalSeconds: 0.5,
  run: (deps) => sendDueWebhooks({ db: deps.db, clock: deps.clock, outbound: deps.outbound, secret: deps.files.secret }),
};
