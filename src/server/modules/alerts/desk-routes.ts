import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertBodySchema, alertChangesBodySchema, alertSchema, type Alert } from '../../../common/alerts.ts';
import { bannerSchema } from '../../../common/catalogue.ts';
import { hasDeskRole } from '../../../common/desk-roles.ts';
import { bannerChangesSchema, bannerInputSchema, deskAlertsSchema, deskBannersSchema } from '../../../common/live-desk.ts';
import { zod } from '../../../common/validators.ts';
import { Forbidden } from '../../http/errors.ts';
import { requireStaff } from '../accounts/auth.ts';
import { recordAudit, type Actor } from '../desk/audit.ts';
import { actorOf, staffOnly } from '../desk/routes.ts';
import { createBanner, deleteBanner, listBanners, updateBanner, type BannersContext } from './banners.ts';
import { createAlert, deleteAlert, listAlerts, updateAlert, type AlertRecord, type AlertsContext } from './service.ts';

const idParams = z.object({ id: zod.idParam() });
const noStore = { 'cache-control': 'no-store' };
const deleted = z.null().describe('Ended: no body');

/** Banners are the dashboard's: editors curate stories there, live producers their events (docs/decisions.md "Live desk"). */
const editorOrLive = async (request: FastifyRequest) => {
  const { user } = await requireStaff(request);
  if (!hasDeskRole(user.deskRoles, 'editor') && !hasDeskRole(user.deskRoles, 'live'))
    throw new Forbidden({ code: 'desk_role_required', message: 'This needs the desk role editor or live' });
};

/** The alert's change in the audit log, in the change's own transaction. */
const audited =
  (actor: Actor, action: string, now: Date): AlertRecord =>
  (tx, before: Alert | null, after: Alert | null) =>
    recordAudit(tx, actor, { action, subject: 'alert', subjectId: (after ?? before)?.id ?? 0, before, after }, now);

/**
 * Alert bars (role live) and dashboard banners (editor or live) from the desk, through the alerts'
 * and the catalogue's own tables: an alert's change is broadcast on the alerts channel at once, as
 * the console's is; a banner shows on the next dashboard loaded.
 */
export async function deskAlertRoutes(instance: FastifyInstance, { ctx }: { ctx: AlertsContext & BannersContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const live = staffOnly('live');

  app.get(
    '/api/desk/alerts',
    { preValidation: live, schema: { tags: ['desk', 'alerts'], response: { 200: deskAlertsSchema } } },
    async (_r, reply) => {
      reply.headers(noStore);
      return { alerts: await listAlerts(ctx) };
    },
  );

  app.post(
    '/api/desk/alerts',
    { preValidation: live, schema: { tags: ['desk', 'alerts'], body: alertBodySchema, response: { 201: alertSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createAlert(ctx, request.body.alert, audited(await actorOf(request), 'alert.create', ctx.clock.now()))),
  );

  app.patch(
    '/api/desk/alerts/:id',
    {
      preValidation: live,
      schema: { tags: ['desk', 'alerts'], params: idParams, body: alertChangesBodySchema, response: { 200: alertSchema } },
    },
    async (request) =>
      updateAlert(ctx, request.params.id, request.body.alert, audited(await actorOf(request), 'alert.update', ctx.clock.now())),
  );

  // Ending a bar takes it off every page at once (the channel's `deleted`).
  app.delete(
    '/api/desk/alerts/:id',
    { preValidation: live, schema: { tags: ['desk', 'alerts'], params: idParams, response: { 204: deleted } } },
    async (request, reply) => {
      await deleteAlert(ctx, request.params.id, audited(await actorOf(request), 'alert.end', ctx.clock.now()));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/desk/banners',
    { preValidation: editorOrLive, schema: { tags: ['desk', 'banners'], response: { 200: deskBannersSchema } } },
    async (_request, reply) => {
      reply.headers(noStore);
      return { banners: await listBanners(ctx) };
    },
  );

  app.post(
    '/api/desk/banners',
    { preValidation: editorOrLive, schema: { tags: ['desk', 'banners'], body: bannerInputSchema, response: { 201: bannerSchema } } },
    async (request, reply) => reply.status(201).send(await createBanner(ctx, await actorOf(request), request.body)),
  );

  app.patch(
    '/api/desk/banners/:id',
    {
      preValidation: editorOrLive,
      schema: { tags: ['desk', 'banners'], params: idParams, body: bannerChangesSchema, response: { 200: bannerSchema } },
    },
    async (request) => updateBanner(ctx, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/desk/banners/:id',
    { preValidation: editorOrLive, schema: { tags: ['desk', 'banners'], params: idParams, response: { 204: deleted } } },
    async (request, reply) => {
      await deleteBanner(ctx, await actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
