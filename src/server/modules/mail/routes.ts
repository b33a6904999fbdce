import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Background } from '../../lib/background.ts';
import { noStore } from '../../http/cache.ts';
import { mailOutbox } from './schema.ts';

export const mailboxMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** /dev/mailbox and /dev/mailbox.json: the outbox, newest first; only while the outbox transport is on. */
export async function devMailboxRoutes(instance: FastifyInstance, { db, background }: { db: Db; background: Background }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Mail queued after an answer (a reset request) is shown once that work is done.
  const list = async () => {
    await background.idle();
    const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200);
    return rows.map((row) => ({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      created_at: row.createdAt.toISOString(),
    }));
  };

  app.get('/dev/mailbox.json', { schema: { tags: ['dev'], response: { 200: z.array(mailboxMessageSchema) } } }, async (_request, reply) => {
    noStore(reply);
    return list();
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    noStore(reply);
    const items = (await list())
      .map(
        (
          m,
        ) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.created_at)}</span></header>
<iframe sandbox srcdoc="${escapeHtml(m.html)}" title="${escapeHtml(m.subject)}"></iframe><details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#15212e}h1{margin:0;padding:16px 24px;background:#0d1b2a;color:#fff;font-size:20px}
main{max-width:900px;margin:24px auto;padding:0 16px}article{background:#fff;border:1px solid #dde2e8;border-radius:8px;margin-bottom:16px;overflow:hidden}
header{display:flex;justify-content:space-between;gap:12px;padding:12px 16px;border-bottom:1px solid #dde2e8}header span{color:#5b6b7c;font-size:14px}
iframe{width:100%;height:360px;border:0}details{padding:8px 16px}pre{white-space:pre-wrap}</style></head>
<body><h1>Mailbox (embedded outbox, newest first)</h1><main>${items || '<p>No messages yet.</p>'}</main></body></html>`);
  });
}
