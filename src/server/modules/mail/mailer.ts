import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../context.ts';
import { mailOutbox } from './schema.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** `outbox`: messages stay in the outbox table (the embedded default); `smtp`: they are sent. */
  transport: 'outbox' | 'smtp';
  /** Writes the message with the caller's handle, so it commits or rolls back with the change. */
  enqueue(db: Db, message: MailMessage): Promise<void>;
  /** Sends what is pending now (SMTP only); answers how many were sent. */
  deliverPending(): Promise<number>;
  /** Asks the delivery loop to run soon (after a commit that enqueued mail). */
  kick(): void;
  stop(): Promise<void>;
};

const MAX_ATTEMPTS = 5;
const POLL_MS = 2000;
const LOCK_MS = 60_000;

async function insert(db: Db, clock: Clock, message: MailMessage) {
  await db.insert(mailOutbox).values({ ...message, createdAt: clock.now() });
}

export function outboxMailer(clock: Clock): Mailer {
  return {
    transport: 'outbox',
    enqueue: (db, message) => insert(db, clock, message),
    deliverPending: async () => 0,
    kick: () => undefined,
    stop: async () => undefined,
  };
}

/** Sends through nodemailer to SMTP_URL, from a loop that survives restarts and SMTP outages. */
export function smtpMailer(options: { db: Db; clock: Clock; url: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transporter = nodemailer.createTransport(options.url);
  const { db, clock, log } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim() {
    const now = clock.now();
    return db
      .update(mailOutbox)
      .set({ lockedAt: now, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        sql`${mailOutbox.id} IN (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS}
          AND (locked_at IS NULL OR locked_at < ${new Date(now.getTime() - LOCK_MS)}) ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)`,
      )
      .returning();
  }

  async function deliver(): Promise<number> {
    let sent = 0;
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      for (const row of batch) {
        try {
          await transporter.sendMail({ from: options.from, to: row.to, subject: row.subject, text: row.text, html: row.html });
          await db.update(mailOutbox).set({ sentAt: clock.now(), lastError: null }).where(eq(mailOutbox.id, row.id));
          sent += 1;
        } catch (error) {
          log.warn({ err: error, mailId: row.id }, 'e-mail delivery failed; will retry');
          await db
            .update(mailOutbox)
            // locked_at stays set: the message is tried again once the lock has aged (a minute's back-off).
            .set({ lastError: error instanceof Error ? error.message : String(error) })
            .where(eq(mailOutbox.id, row.id));
        }
      }
    }
    return sent;
  }

  function deliverPending(): Promise<number> {
    running ??= deliver().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      deliverPending()
        .catch((error: unknown) => log.error({ err: error }, 'e-mail delivery loop failed'))
        .finally(() => schedule(POLL_MS));
    }, delay);
    timer.unref();
  }
  schedule(POLL_MS);

  return {
    transport: 'smtp',
    enqueue: (tx, message) => insert(tx, clock, message),
    deliverPending,
    kick: () => schedule(0),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      transporter.close();
    },
  };
}
