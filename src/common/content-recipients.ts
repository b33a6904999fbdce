import { z } from 'zod';

/**
 * Who was told of a story's kill or correction (issue 30, "Kill and correction notices reach every
 * copy"): everyone who received it, by browser or API download, webhook or automatic delivery, with
 * when each channel told them, and whether a person has acknowledged it (read the notice).
 */
export const RECIPIENT_CHANNELS = ['webhook', 'delivery'] as const;

export const recipientPersonSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  /** Files of the story they received (requested and made), and when the first was made. */
  files: z.number().int(),
  first_received_at: z.string(),
  /** The notice in the app, the e-mail and the push; null: not (yet) told that way. */
  told_at: z.string().nullable(),
  mailed_at: z.string().nullable(),
  pushed_at: z.string().nullable(),
  /** When they read the notice: acknowledged. */
  acknowledged_at: z.string().nullable(),
});
export type RecipientPerson = z.infer<typeof recipientPersonSchema>;

export const recipientSystemSchema = z.object({
  channel: z.enum(RECIPIENT_CHANNELS),
  /** The owner (a company's master, or a user without a company) and their company. */
  owner_email: z.string(),
  company: z.string().nullable(),
  /** The endpoint's URL, or the rule's name and destination host. */
  target: z.string(),
  state: z.string(),
  /** When the endpoint answered 2xx, or the destination took the sidecar: acknowledged. */
  delivered_at: z.string().nullable(),
});
export type RecipientSystem = z.infer<typeof recipientSystemSchema>;

export const contentRecipientsSchema = z.object({
  /** killed or corrected: the latest news of the story; null while there is none. */
  news: z.enum(['killed', 'corrected']).nullable(),
  revision: z.number().int(),
  people: z.array(recipientPersonSchema),
  systems: z.array(recipientSystemSchema),
});
export type ContentRecipients = z.infer<typeof contentRecipientsSchema>;
