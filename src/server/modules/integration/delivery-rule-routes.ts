import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryRuleBodySchema, deliveryRuleSchema, deliveryRulesSchema, ruleDeliveriesSchema } from '../../../common/delivery-rules.ts';
import { zod } from '../../../common/validators.ts';
import type { ServiceContext } from '../../context.ts';
import { requireUser } from '../accounts/auth.ts';
import { changeRule, createRule, listRules, removeRule, ruleLog } from './delivery-rules.ts';

const tags = ['integration'];
const RULES = '/api/current_user/delivery_rules';
const idParams = z.object({ id: zod.idParam() });
const signedIn = async (request: Parameters<typeof requireUser>[0]) => {
  await requireUser(request);
};

/** Automatic delivery rules in the user area (issue 30): the master's, or a user's without a company. */
export async function deliveryRuleRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(RULES, { preValidation: signedIn, schema: { tags, response: { 200: deliveryRulesSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return { rules: await listRules(ctx, user) };
  });

  app.post(
    RULES,
    { preValidation: signedIn, schema: { tags, body: deliveryRuleBodySchema, response: { 201: deliveryRuleSchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      return reply.status(201).send(await createRule(ctx, user, request.body));
    },
  );

  app.put(
    `${RULES}/:id`,
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: 'Replaces the rule; a destination without its password or secret key keeps the one the rule has.',
        params: idParams,
        body: deliveryRuleBodySchema,
        response: { 200: deliveryRuleSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return changeRule(ctx, user, request.params.id, request.body);
    },
  );

  app.delete(
    `${RULES}/:id`,
    { preValidation: signedIn, schema: { tags, params: idParams, response: { 204: z.null().describe('Deleted: no body') } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await removeRule(ctx, user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${RULES}/:id/deliveries`,
    {
      preValidation: signedIn,
      schema: {
        tags,
        description: "The rule's last deliveries and failures, newest first.",
        params: idParams,
        response: { 200: ruleDeliveriesSchema },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { deliveries: await ruleLog(ctx, user, request.params.id) };
    },
  );
}
