import { z } from 'zod';
import { CONTAINERS, LOGO_POSITIONS, QUALITIES, VIDEO_FORMATS } from './catalogue-values.ts';
import { zod } from './validators.ts';

/**
 * Automatic delivery (issue 30): a master's rule renders the items one of their saved searches
 * matches, as the rule says, and delivers each with a ninjs sidecar to an FTP, SFTP or S3
 * destination, charged under an agreement that allows unattended delivery. A correction delivers
 * again; a kill delivers a sidecar saying `canceled` and removes the file where it can.
 */

/** Said to a member who asks: the master runs the integration. */
export const runsIntegrationError = "Delivery rules are set up by the company's master";

export const DELIVERY_RULE_LIMITS = {
  /** Rules one owner may keep. */
  perOwner: 20,
  /** Deliveries shown in a rule's log. */
  logPage: 50,
} as const;

const folder = z
  .string()
  .trim()
  .max(500, 'validation.max_length')
  .refine((value) => !value.split('/').includes('..'), 'validation.invalid');

const fileServer = z.object({
  protocol: z.enum(['ftp', 'sftp']),
  host: zod.requiredText(253),
  port: z.number().int('validation.number').min(1, 'validation.range').max(65_535, 'validation.range').nullish(),
  username: zod.requiredText(200),
  /** Required when the rule is made; left out of a change, the kept one stays. */
  password: z.string().max(500, 'validation.max_length').optional(),
  directory: folder.default(''),
});

const bucket = z.object({
  protocol: z.literal('s3'),
  /** An S3-compatible service's address; none: AWS for the region. */
  endpoint: z.url({ error: 'validation.url' }).max(500).nullish(),
  region: zod.requiredText(50),
  bucket: zod.requiredText(63),
  prefix: folder.default(''),
  access_key_id: zod.requiredText(200),
  /** Required when the rule is made; left out of a change, the kept one stays. */
  secret_access_key: z.string().max(500, 'validation.max_length').optional(),
});

export const deliveryDestinationInputSchema = z.discriminatedUnion('protocol', [fileServer, bucket], { error: 'validation.invalid' });
export type DeliveryDestinationInput = z.input<typeof deliveryDestinationInputSchema>;

export const deliveryRuleBodySchema = z
  .object({
    name: zod.requiredText(100),
    saved_search_id: zod.id(),
    video_format: z.enum(VIDEO_FORMATS, { error: 'validation.invalid' }),
    quality: z.enum(QUALITIES, { error: 'validation.invalid' }),
    file_type: z.enum(CONTAINERS, { error: 'validation.invalid' }),
    brand_position: z.enum(LOGO_POSITIONS, { error: 'validation.invalid' }).nullish(),
    destination: deliveryDestinationInputSchema,
    active: z.boolean().default(true),
  })
  .refine((rule) => rule.video_format !== 'branded' || rule.brand_position, {
    message: 'validation.required',
    path: ['brand_position'],
  });
export type DeliveryRuleBody = z.input<typeof deliveryRuleBodySchema>;

/** A destination as the owner reads it back: everything but the password or secret key. */
export const deliveryDestinationSchema = z.discriminatedUnion('protocol', [
  z.object({
    protocol: z.enum(['ftp', 'sftp']),
    host: z.string(),
    port: z.number().int().nullable(),
    username: z.string(),
    directory: z.string(),
  }),
  z.object({
    protocol: z.literal('s3'),
    endpoint: z.string().nullable(),
    region: z.string(),
    bucket: z.string(),
    prefix: z.string(),
    access_key_id: z.string(),
  }),
]);

export const DELIVERY_STATES = ['pending', 'rendering', 'uploading', 'delivered', 'failed'] as const;

export const ruleDeliverySchema = z.object({
  id: z.number().int(),
  /** file: the file and its sidecar; cancel: the kill's sidecar, and the file removed. */
  kind: z.enum(['file', 'cancel']),
  item: z.object({ id: z.number().int(), guid: z.string(), headline: z.string() }),
  revision: z.number().int(),
  state: z.enum(DELIVERY_STATES),
  error: z.string().nullable(),
  remote_name: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type RuleDelivery = z.infer<typeof ruleDeliverySchema>;

export const deliveryRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  saved_search: z.object({ id: z.number().int(), name: z.string() }),
  video_format: z.enum(VIDEO_FORMATS),
  quality: z.enum(QUALITIES),
  file_type: z.enum(CONTAINERS),
  brand_position: z.enum(LOGO_POSITIONS).nullable(),
  destination: deliveryDestinationSchema,
  active: z.boolean(),
  /** The newest delivery and the newest failure, for the list. */
  last_delivery: ruleDeliverySchema.nullable(),
  last_failure: ruleDeliverySchema.nullable(),
  created_at: z.string(),
});
export type DeliveryRule = z.infer<typeof deliveryRuleSchema>;

export const deliveryRulesSchema = z.object({ rules: z.array(deliveryRuleSchema) });
export const ruleDeliveriesSchema = z.object({ deliveries: z.array(ruleDeliverySchema) });
