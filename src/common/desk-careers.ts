import { z } from 'zod';
import { adminApplicationSchema } from './careers.ts';
import { CAREER_APPLICATION_STATES, inboxChangeSchema, inboxPartsSchema, inboxQuerySchema } from './desk-inbox.ts';
import { zod } from './validators.ts';

/**
 * The business desk's careers inbox (issue 29): every vacancy's applications with their state,
 * assignee and the desk's note; one contract for the routes, the desk screen and its fetch hooks.
 */

/** An application as the inbox shows it: the form's fields and files, its vacancy's English title, the inbox's parts. */
export const deskCareerApplicationSchema = adminApplicationSchema.extend({
  vacancy_title: z.string(),
  state: z.enum(CAREER_APPLICATION_STATES),
  ...inboxPartsSchema,
});
export type DeskCareerApplication = z.infer<typeof deskCareerApplicationSchema>;
export const deskCareerApplicationsSchema = z.object({ applications: z.array(deskCareerApplicationSchema) });

/** GET /api/desk/career_applications: a state, whose (`me`, `none`, a staff id), a vacancy. */
export const deskCareerApplicationsQuerySchema = inboxQuerySchema(CAREER_APPLICATION_STATES).extend({
  vacancy_id: zod.idParam().optional(),
});
export type DeskCareerApplicationsQuery = z.input<typeof deskCareerApplicationsQuerySchema>;

/** PATCH /api/desk/career_applications/{id}. */
export const careerApplicationChangeSchema = inboxChangeSchema(CAREER_APPLICATION_STATES);
export type CareerApplicationChange = z.input<typeof careerApplicationChangeSchema>;

/** The states whose move mails the applicant, with the desk's message (docs/decisions.md "The careers inbox"). */
export const CAREER_APPLICATION_TOLD_STATES = ['interview', 'declined'] as const;
