import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DELIVERY_RULE_LIMITS,
  deliveryRuleBodySchema,
  runsIntegrationError,
  type DeliveryRule,
  type DeliveryRuleBody,
  type RuleDelivery,
} from '../../../common/delivery-rules.ts';
import { runsIntegration } from '../../../common/integration.ts';
import type { ServiceContext } from '../../context.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { users } from '../accounts/schema.ts';
import { contentItems } from '../newsroom/schema.ts';
import { decrypt, encrypt } from '../security/crypto.ts';
import { vetOutbound } from '../security/outbound.ts';
import {
  deliveryRules,
  ruleDeliveries,
  savedSearches,
  type DeliveryDestination,
  type DeliveryRuleRow,
  type RuleDeliveryRow,
} from './schema.ts';

type Ctx = Pick<ServiceContext, 'db' | 'clock' | 'secret' | 'outbound'>;

export const deliveryRuleErrors = {
  mastersOnly: () => new Forbidden({ code: 'delivery_rules_masters_only', message: runsIntegrationError }),
  notFound: () => new NotFound({ code: 'delivery_rule_not_found', message: 'No such delivery rule' }),
  searchNotFound: () =>
    new Invalid({ code: 'saved_search_not_found', field: 'saved_search_id', message: 'Choose one of your saved searches' }),
  tooMany: () =>
    new Conflict({
      code: 'delivery_rules_limit_reached',
      message: `At most ${DELIVERY_RULE_LIMITS.perOwner} delivery rules; delete one first`,
    }),
  secretRequired: (field: string) => new Invalid({ code: 'destination_secret_required', field, message: 'Enter the password' }),
};

const DEFAULT_PORTS = { ftp: 21, sftp: 22 } as const;

function requireRunner(user: UserRow) {
  if (!runsIntegration(user)) throw deliveryRuleErrors.mastersOnly();
}

/**
 * The destination as kept (no secret in it) and its secret sealed: a change that leaves the secret
 * out keeps the one the rule has. The host (or the S3 service's address) passes the outbound policy
 * now, and again at every delivery.
 */
async function destinationOf(
  ctx: Ctx,
  input: ReturnType<typeof deliveryRuleBodySchema.parse>['destination'],
  kept: DeliveryRuleRow | null,
): Promise<{ destination: DeliveryDestination; secretSealed: string }> {
  const sameKind = kept && (kept.destination.protocol === 's3') === (input.protocol === 's3');
  if (input.protocol === 's3') {
    const secret = input.secret_access_key;
    if (!secret && !sameKind) throw deliveryRuleErrors.secretRequired('destination.secret_access_key');
    if (input.endpoint) {
      const url = new URL(input.endpoint);
      await vetOutbound(ctx.outbound, url.hostname, Number(url.port || (url.protocol === 'https:' ? 443 : 80)), 'destination.endpoint');
    }
    return {
      destination: {
        protocol: 's3',
        endpoint: input.endpoint ?? null,
        region: input.region,
        bucket: input.bucket,
        prefix: input.prefix,
        accessKeyId: input.access_key_id,
      },
      secretSealed: secret ? encrypt(secret, ctx.secret) : kept!.secretSealed,
    };
  }
  const password = input.password;
  if (!password && !sameKind) throw deliveryRuleErrors.secretRequired('destination.password');
  await vetOutbound(ctx.outbound, input.host, input.port ?? DEFAULT_PORTS[input.protocol], 'destination.host');
  return {
    destination: {
      protocol: input.protocol,
      host: input.host,
      port: input.port ?? null,
      username: input.username,
      directory: input.directory,
    },
    secretSealed: password ? encrypt(password, ctx.secret) : kept!.secretSealed,
  };
}

/** The destination's password or secret key, for the delivery job. */
export const destinationSecret = (ctx: Pick<Ctx, 'secret'>, rule: DeliveryRuleRow) => decrypt(rule.secretSealed, ctx.secret);

async function ownSearch(ctx: Pick<Ctx, 'db'>, user: UserRow, id: number) {
  const [search] = await ctx.db
    .select({ id: savedSearches.id, name: savedSearches.name })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)));
  if (!search) throw deliveryRuleErrors.searchNotFound();
  return search;
}

export function deliveryView(row: RuleDeliveryRow, item: { guid: string; headline: string }): RuleDelivery {
  return {
    id: row.id,
    kind: row.kind,
    item: { id: row.contentItemId, guid: item.guid, headline: item.headline },
    revision: row.revision,
    state: row.state,
    error: row.error,
    remote_name: row.remoteName,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Deliveries with their items' guid and headline, newest first. */
async function deliveriesWhere(ctx: Pick<Ctx, 'db'>, where: ReturnType<typeof eq>, limit: number): Promise<RuleDelivery[]> {
  const rows = await ctx.db
    .select({ delivery: ruleDeliveries, guid: contentItems.guid, fields: contentItems.fields })
    .from(ruleDeliveries)
    .innerJoin(contentItems, eq(contentItems.id, ruleDeliveries.contentItemId))
    .where(where)
    .orderBy(desc(ruleDeliveries.id))
    .limit(limit);
  return rows.map(({ delivery, guid, fields }) =>
    deliveryView(delivery, { guid, headline: fields.texts[fields.language]?.headline ?? '' }),
  );
}

async function ruleViews(ctx: Pick<Ctx, 'db'>, rows: DeliveryRuleRow[]): Promise<DeliveryRule[]> {
  if (rows.length === 0) return [];
  const searches = await ctx.db
    .select({ id: savedSearches.id, name: savedSearches.name })
    .from(savedSearches)
    .where(
      inArray(
        savedSearches.id,
        rows.map((row) => row.savedSearchId),
      ),
    );
  return Promise.all(
    rows.map(async (row) => {
      const [last] = await deliveriesWhere(ctx, eq(ruleDeliveries.ruleId, row.id), 1);
      const [failure] = await deliveriesWhere(ctx, and(eq(ruleDeliveries.ruleId, row.id), eq(ruleDeliveries.state, 'failed'))!, 1);
      const { destination } = row;
      return {
        id: row.id,
        name: row.name,
        saved_search: searches.find((search) => search.id === row.savedSearchId) ?? { id: row.savedSearchId, name: '' },
        video_format: row.videoFormat,
        quality: row.quality,
        file_type: row.container,
        brand_position: row.brandPosition,
        destination:
          destination.protocol === 's3'
            ? {
                protocol: 's3' as const,
                endpoint: destination.endpoint,
                region: destination.region,
                bucket: destination.bucket,
                prefix: destination.prefix,
                access_key_id: destination.accessKeyId,
              }
            : destination,
        active: row.active,
        last_delivery: last ?? null,
        last_failure: failure ?? null,
        created_at: row.createdAt.toISOString(),
      };
    }),
  );
}

export async function listRules(ctx: Ctx, user: UserRow): Promise<DeliveryRule[]> {
  requireRunner(user);
  const rows = await ctx.db.select().from(deliveryRules).where(eq(deliveryRules.userId, user.id)).orderBy(desc(deliveryRules.id));
  return ruleViews(ctx, rows);
}

async function ownRule(ctx: Pick<Ctx, 'db'>, user: UserRow, id: number): Promise<DeliveryRuleRow> {
  requireRunner(user);
  const [row] = await ctx.db
    .select()
    .from(deliveryRules)
    .where(and(eq(deliveryRules.id, id), eq(deliveryRules.userId, user.id)));
  if (!row) throw deliveryRuleErrors.notFound();
  return row;
}

const fileChoice = (rule: ReturnType<typeof deliveryRuleBodySchema.parse>) => ({
  name: rule.name,
  savedSearchId: rule.saved_search_id,
  videoFormat: rule.video_format,
  quality: rule.quality,
  container: rule.file_type,
  brandPosition: rule.video_format === 'branded' ? (rule.brand_position ?? null) : null,
  active: rule.active,
});

/** A new rule; the count of the owner's rules and the insert happen under the owner's row lock. */
export async function createRule(ctx: Ctx, user: UserRow, body: DeliveryRuleBody): Promise<DeliveryRule> {
  requireRunner(user);
  const rule = deliveryRuleBodySchema.parse(body);
  await ownSearch(ctx, user, rule.saved_search_id);
  const { destination, secretSealed } = await destinationOf(ctx, rule.destination, null);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx.select({ n: count() }).from(deliveryRules).where(eq(deliveryRules.userId, user.id));
    if ((held?.n ?? 0) >= DELIVERY_RULE_LIMITS.perOwner) throw deliveryRuleErrors.tooMany();
    const [made] = await tx
      .insert(deliveryRules)
      .values({
        ...fileChoice(rule),
        userId: user.id,
        companyId: user.companyId,
        destination,
        secretSealed,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return made!;
  });
  const [view] = await ruleViews(ctx, [row]);
  return view!;
}

export async function changeRule(ctx: Ctx, user: UserRow, id: number, body: DeliveryRuleBody): Promise<DeliveryRule> {
  const kept = await ownRule(ctx, user, id);
  const rule = deliveryRuleBodySchema.parse(body);
  await ownSearch(ctx, user, rule.saved_search_id);
  const { destination, secretSealed } = await destinationOf(ctx, rule.destination, kept);
  const [row] = await ctx.db
    .update(deliveryRules)
    .set({ ...fileChoice(rule), destination, secretSealed, updatedAt: ctx.clock.now() })
    .where(eq(deliveryRules.id, id))
    .returning();
  const [view] = await ruleViews(ctx, [row!]);
  return view!;
}

/** Removed with its log; files already delivered stay where they are. */
export async function removeRule(ctx: Ctx, user: UserRow, id: number): Promise<void> {
  await ownRule(ctx, user, id);
  await ctx.db.delete(deliveryRules).where(eq(deliveryRules.id, id));
}

export async function ruleLog(ctx: Ctx, user: UserRow, id: number): Promise<RuleDelivery[]> {
  await ownRule(ctx, user, id);
  return deliveriesWhere(ctx, eq(ruleDeliveries.ruleId, id), DELIVERY_RULE_LIMITS.logPage);
}

/** Rules of one saved search that deliver now (the matching job asks). */
export async function activeRulesOf(ctx: Pick<Ctx, 'db'>, savedSearchIds: number[]): Promise<DeliveryRuleRow[]> {
  if (savedSearchIds.length === 0) return [];
  return ctx.db
    .select()
    .from(deliveryRules)
    .where(and(inArray(deliveryRules.savedSearchId, savedSearchIds), sql`${deliveryRules.active}`));
}
