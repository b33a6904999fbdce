import { expect } from 'vitest';
import { deskConversationsPageSchema, myConversationResponseSchema, type DeskConversationsPage } from '../../../common/support.ts';
import type { TestApp } from '../../test/harness.ts';
import { testConfig } from '../../test/harness.ts';
import { mailbox, type Browser } from '../../test/http.ts';
import { publicOrigin } from '../../services.ts';
import { agreementFixtures } from '../agreements/test-support.ts';
import type { deskCallers } from '../desk/test-support.ts';
import { mailUnreadReplies } from './reply-mails.ts';

export type Callers = Awaited<ReturnType<typeof deskCallers>>;

/** The support inbox's calls as its tests make them: a customer's, the desk's (sales by default), the reply-mail job. */
export function supportCalls(app: () => TestApp, callers: () => Callers) {
  let lastOctet = 10;
  return {
    nextIp: () => `203.0.113.${(lastOctet += 1)}`,
    customer: () => agreementFixtures(app()).signedIn(),
    write: (who: Browser, body: unknown) => who.post('/api/support/messages', { body }),
    mine: async (who: Browser) => myConversationResponseSchema.parse((await who.get('/api/support/conversation')).json()).conversation,
    deskList: async (query = ''): Promise<DeskConversationsPage> => {
      const answer = await callers().sales.get(`/api/desk/support/conversations${query}`);
      expect(answer.statusCode).toBe(200);
      return deskConversationsPageSchema.parse(answer.json());
    },
    reply: (id: number, body: string, who: Browser = callers().sales) =>
      who.post(`/api/desk/support/conversations/${id}/messages`, { body }),
    setStatus: (id: number, status: 'open' | 'closed') => callers().sales.put(`/api/desk/support/conversations/${id}/status`, { status }),
    runReplyMails: () => {
      const t = app();
      return mailUnreadReplies({
        db: t.database.db,
        clock: t.services.clock,
        mailer: t.services.mailer,
        publicOrigin: publicOrigin(testConfig()),
      });
    },
    mailsTo: async (to: string) => (await mailbox(app().app)).filter((mail) => mail.to === to),
  };
}
