import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptReleaseNoteBodySchema,
  currentUserRolesSchema,
  currentUserSchema,
  newsletterPopupResponseSchema,
  okResponseSchema,
  profileSchema,
  profileUpdateBodySchema,
} from '../../../common/accounts.ts';
import { runsIntegration } from '../../../common/integration.ts';
import type { ServiceContext } from '../../context.ts';
import { noStore } from '../../http/cache.ts';
import { hasPlanningAccess } from '../agreements/planning.ts';
import { requireUser } from './auth.ts';
import { currentUserView, profileView } from './current-user.ts';
import { updateProfile } from './profile.ts';
import { acceptReleaseNote, acceptTerms, recordNewsletterPopupShown, subscribeToNewsletter } from './system.ts';

const tags = ['current user'];

export async function currentUserRoutes(instance: FastifyInstance, { ctx }: { ctx: ServiceContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get('/api/current_user', { schema: { tags, response: { 200: currentUserSchema } } }, async (request, reply) => {
    noStore(reply);
    const { user } = await requireUser(request);
    return currentUserView(ctx, user);
  });

  app.patch(
    '/api/current_user',
    { schema: { tags, body: profileUpdateBodySchema, response: { 200: currentUserSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return currentUserView(ctx, await updateProfile(ctx, user, request.body.user));
    },
  );

  app.get('/api/current_user/roles', { schema: { tags, response: { 200: currentUserRolesSchema } } }, async (request, reply) => {
    noStore(reply);
    const { user } = await requireUser(request);
    return {
      admin: user.isAdmin,
      desk_roles: user.isAdmin ? user.deskRoles : [],
      planning: await hasPlanningAccess(ctx, user),
      integrations: runsIntegration(user),
    };
  });

  app.get('/api/current_user/profile', { schema: { tags, response: { 200: profileSchema } } }, async (request, reply) => {
    noStore(reply);
    const { user } = await requireUser(request);
    return profileView(user);
  });

  app.post(
    '/api/current_user/accept_release_note',
    { schema: { tags, body: acceptReleaseNoteBodySchema, response: { 200: currentUserSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      await acceptReleaseNote(ctx, user, request.body.id);
      return currentUserView(ctx, user);
    },
  );

  app.post('/api/current_user/accept_terms_of_service', { schema: { tags, response: { 200: currentUserSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    return currentUserView(ctx, await acceptTerms(ctx, user));
  });

  app.post('/api/current_user/send_to_pardot', { schema: { tags, response: { 200: okResponseSchema } } }, async (request) => {
    const { user } = await requireUser(request);
    await subscribeToNewsletter(ctx, user);
    return { ok: true as const };
  });

  app.patch(
    '/api/system/newsletterrs_popup_dates',
    { schema: { tags, response: { 200: newsletterPopupResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      return recordNewsletterPopupShown(ctx, user);
    },
  );
}
