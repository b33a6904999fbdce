import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/locales.ts';
import type { Database } from '../../db/client.ts';
import { createTestApp, createTestDatabase, testClock } from '../../test/harness.ts';
import { smtpMailer } from './mailer.ts';
import { mailOutbox } from './schema.ts';
import { renderMail } from './templates.ts';
import { MAIL_KINDS } from './texts.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server in the test (the smtp-server package), not a mock. */
async function startSmtp(options: { failFirst?: number } = {}) {
  const received: Received[] = [];
  let failures = options.failFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          callback(new Error('451 try again later'));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const silentLog = { warn: () => undefined, error: () => undefined } as unknown as Parameters<typeof smtpMailer>[0]['log'];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('SMTP transport', () => {
  it('sends queued messages with text and HTML parts and marks them sent', async () => {
    const smtp = await startSmtp();
    const clock = testClock();
    const mailer = smtpMailer({ db: database.db, clock, url: smtp.url, from: 'Newsreel <no-reply@newsreel.example>', log: silentLog });
    await mailer.enqueue(
      database.db,
      renderMail('password_reset', 'ru', 'desk@agency.example', { link: 'http://localhost:3000/ru/new-password?reset_password_token=abc' }),
    );
    expect(await mailer.deliverPending()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['desk@agency.example']);
    expect(smtp.received[0]?.from).toBe('no-reply@newsreel.example');
    const parsed = await simpleParser(smtp.received[0]?.raw ?? '');
    expect(parsed.subject).toBe('Сброс пароля');
    expect(parsed.text).toContain('reset_password_token=abc');
    expect(parsed.html).toContain('href="http://localhost:3000/ru/new-password?reset_password_token=abc"');
    const [row] = await database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(row?.sentAt).not.toBeNull();
    expect(await mailer.deliverPending()).toBe(0);
    await mailer.stop();
    await smtp.close();
  });

  it('keeps a message the server refused and delivers it on the next run', async () => {
    const smtp = await startSmtp({ failFirst: 1 });
    const clock = testClock();
    const mailer = smtpMailer({ db: database.db, clock, url: smtp.url, from: 'no-reply@newsreel.example', log: silentLog });
    await mailer.enqueue(database.db, renderMail('unlock', 'en', 'retry@agency.example', { link: 'http://localhost/x', minutes: 60 }));
    expect(await mailer.deliverPending()).toBe(0);
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@agency.example'));
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed?.lastError).toContain('try again later');
    expect(await mailer.deliverPending()).toBe(0);
    clock.advance(61_000);
    expect(await mailer.deliverPending()).toBe(1);
    expect(smtp.received.map((m) => m.to[0])).toEqual(['retry@agency.example']);
    await mailer.stop();
    await smtp.close();
  });
});

describe('templates', () => {
  it.each(LOCALES)('renders every message in %s with both parts', (locale) => {
    for (const kind of MAIL_KINDS) {
      const mail = renderMail(kind, locale, 'a@b.example', {
        link: 'http://localhost/x?token=1',
        code: '4821',
        company: 'Desk',
        minutes: 60,
      });
      expect(mail.subject.length).toBeGreaterThan(3);
      expect(mail.text).toContain(kind === 'admin_two_factor' ? '4821' : 'http://localhost/x?token=1');
      expect(mail.html).toContain(`lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
      expect(mail.html).not.toContain('{{');
    }
  });

  it('escapes values in the HTML part', () => {
    const mail = renderMail('final_step', 'en', 'a@b.example', { link: 'http://x/?a=1&b=2', company: '<script>alert(1)</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});

describe('/dev/mailbox', () => {
  it('lists the outbox newest first while the outbox transport is on', async () => {
    const t = await createTestApp();
    await t.services.mailer.enqueue(t.database.db, renderMail('confirmation', 'en', 'first@agency.example', { link: 'http://x/1' }));
    t.services.clock.advance(1000);
    await t.services.mailer.enqueue(t.database.db, renderMail('confirmation', 'es', 'second@agency.example', { link: 'http://x/2' }));
    const list = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<{ to: string; created_at: string }[]>();
    expect(list.map((m) => m.to)).toEqual(['second@agency.example', 'first@agency.example']);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['created_at', 'html', 'subject', 'text', 'to']);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('second@agency.example');
    await t.close();
  });

  it('does not exist when mail goes out through SMTP', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer({ db: database.db, clock: testClock(), url: smtp.url, from: 'x@y.example', log: silentLog });
    const withSmtp = await createTestApp({ services: { mailer } });
    expect((await withSmtp.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    await withSmtp.close();
    await smtp.close();
  });
});
