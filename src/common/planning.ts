import { z } from 'zod';

/** Planning sections: the newsroom's forward planning, read under agreements (spec: accounts §7 System). */
export const planningSectionSummarySchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string() });
export type PlanningSectionSummary = z.infer<typeof planningSectionSummarySchema>;
export const planningAccessSchema = z.object({ sections: z.array(planningSectionSummarySchema) });

/** `body` is HTML written by the newsroom (trusted, as content pages are). */
export const planningSectionSchema = planningSectionSummarySchema.extend({ body: z.string() });
export type PlanningSection = z.infer<typeof planningSectionSchema>;
