import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationStatusBodySchema,
  deskConversationSchema,
  deskConversationsPageSchema,
  deskConversationsQuerySchema,
  feedbackBodySchema,
  feedbackSentSchema,
  myConversationResponseSchema,
  readAnswerSchema,
  sentMessageSchema,
  supportMessageBodySchema,
} from '../../../common/support.ts';
import { zod } from '../../../common/validators.ts';
import { requireUser } from '../accounts/auth.ts';
import { assignmentChangeSchema } from '../../../common/desk-inbox.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { assignConversation, listConversations, readConversation, replyToConversation, setConversationStatus } from './desk.ts';
import { markRead, myConversation, sendCustomerMessage, sendFeedback, type Origin, type SupportContext } from './service.ts';

const noStore = { 'cache-control': 'no-store' };
const idParams = z.object({ id: zod.idParam() });
const originOf = (request: FastifyRequest): Origin => ({ locale: request.locale, siteVariant: request.siteVariant });

/** The customer's side of live chat and feedback (spec accounts §2): their own conversation only. */
export async function supportRoutes(instance: FastifyInstance, { ctx }: { ctx: SupportContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];

  app.get('/api/support/conversation', { schema: { tags, response: { 200: myConversationResponseSchema } } }, async (request, reply) => {
    const { user } = await requireUser(request);
    reply.headers(noStore);
    return { conversation: await myConversation(ctx, user.id) };
  });

  app.post(
    '/api/support/messages',
    // Signed in before the body is looked at: a visitor learns nothing of the chat's rules.
    {
      preValidation: async (request) => void (await requireUser(request)),
      schema: { tags, body: supportMessageBodySchema, response: { 201: sentMessageSchema } },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const conversation = await sendCustomerMessage(ctx, { id: user.id, email: user.email }, originOf(request), request.body.body);
      return reply.status(201).send({ conversation });
    },
  );

  app.post('/api/support/conversation/read', { schema: { tags, response: { 200: readAnswerSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return markRead(ctx, user.id);
  });

  app.post(
    '/api/support/feedback',
    { schema: { tags, body: feedbackBodySchema, response: { 201: feedbackSentSchema } } },
    async (request, reply) => {
      const user = (await request.caller()).user;
      const sent = await sendFeedback(
        ctx,
        { customer: user ? { id: user.id, email: user.email } : null, ip: request.ip },
        originOf(request),
        request.body,
      );
      return reply.status(201).send(sent);
    },
  );
}

/** The desk's support inbox: staff with the sales role (or admin). */
export async function deskSupportRoutes(instance: FastifyInstance, { ctx }: { ctx: SupportContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['desk', 'support'];
  const preValidation = staffOnly('sales');

  app.get(
    '/api/desk/support/conversations',
    { preValidation, schema: { tags, querystring: deskConversationsQuerySchema, response: { 200: deskConversationsPageSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return listConversations(ctx, await actorOf(request), request.query);
    },
  );

  app.get(
    '/api/desk/support/conversations/:id',
    { preValidation, schema: { tags, params: idParams, response: { 200: deskConversationSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return readConversation(ctx, request.params.id);
    },
  );

  app.post(
    '/api/desk/support/conversations/:id/messages',
    { preValidation, schema: { tags, params: idParams, body: supportMessageBodySchema, response: { 201: deskConversationSchema } } },
    async (request, reply) =>
      reply.status(201).send(await replyToConversation(ctx, await actorOf(request), request.params.id, request.body.body)),
  );

  app.patch(
    '/api/desk/support/conversations/:id',
    { preValidation, schema: { tags, params: idParams, body: assignmentChangeSchema, response: { 200: deskConversationSchema } } },
    async (request) => assignConversation(ctx, await actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/desk/support/conversations/:id/status',
    { preValidation, schema: { tags, params: idParams, body: conversationStatusBodySchema, response: { 200: deskConversationSchema } } },
    async (request) => setConversationStatus(ctx, await actorOf(request), request.params.id, request.body.status),
  );
}

/** The support domain's plugin: the customer's calls and the desk's. */
export async function supportPlugin(app: FastifyInstance, options: { ctx: SupportContext }) {
  await app.register(supportRoutes, options);
  await app.register(deskSupportRoutes, options);
}
