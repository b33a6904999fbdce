import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { JobDefinition, JobDeps } from '../../jobs/definition.ts';
import { Invalid } from '../../http/errors.ts';
import { videoProjects } from '../catalogue/schema.ts';
import { contentItems } from '../newsroom/schema.ts';
import { DeliveryError, deliverFile, removeDeliveredFile, type DeliveryTarget } from '../downloads/delivery.ts';
import { downloadName } from '../downloads/files.ts';
import { renditions, videoRequests } from '../downloads/schema.ts';
import { OutboundRefused } from '../security/outbound.ts';
import { storyRows } from './content-api.ts';
import { destinationSecret } from './delivery-rules.ts';
import { renditionOf, storyItem } from './ninjs.ts';
import { failDelivery } from './rule-delivery.ts';
import { RULE_DELIVERY_QUEUE } from './rule-delivery-queue.ts';
import { deliveryRules, ruleDeliveries, type DeliveryRuleRow, type RuleDeliveryRow } from './schema.ts';

/**
 * Automatic delivery, the sending half (issue 30): a rule's file, once rendered, goes to its
 * destination with a ninjs sidecar (`<file>.json`) beside it; a kill's sidecar says `canceled` and the
 * file is removed. FTP and SFTP go through the profile delivery's code (atomic rename, outbound
 * policy); S3 through the file store's. Run again after a lost worker, it sends again (each upload
 * replaces the earlier one).
 */

type Deps = Pick<JobDeps, 'db' | 'clock' | 'files' | 'outbound' | 'jobs'>;

/** Where one rule sends: put a local file under a name, remove a name. */
type Destination = { put(localFile: string, name: string): Promise<void>; remove(name: string): Promise<void> };

async function destinationOf(deps: Deps, rule: DeliveryRuleRow): Promise<Destination> {
  const secret = destinationSecret(deps.files, rule);
  const target = rule.destination;
  if (target.protocol !== 's3') {
    const server: DeliveryTarget = {
      protocol: target.protocol,
      host: target.host,
      ...(target.port ? { port: target.port } : {}),
      username: target.username,
      password: secret,
      ...(target.directory ? { directory: target.directory } : {}),
    };
    return {
      put: async (localFile, name) => void (await deliverFile(deps, server, localFile, name)),
      remove: (name) => removeDeliveredFile(deps, server, name),
    };
  }
  // The S3 service's address is checked as any other the platform connects to on a customer's say-so.
  if (target.endpoint) {
    const url = new URL(target.endpoint);
    await deps.outbound.check(url.hostname, Number(url.port || (url.protocol === 'https:' ? 443 : 80)));
  }
  // The S3 client (some 20 MB and 180 ms to load) comes only with a rule that delivers to S3.
  const { s3FileStore } = await import('../downloads/storage-s3.ts');
  const store = s3FileStore({
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    region: target.region,
    bucket: target.bucket,
    prefix: target.prefix,
    accessKeyId: target.accessKeyId,
    secretAccessKey: secret,
  });
  return { put: (localFile, name) => store.put(name, localFile), remove: (name) => store.remove(name) };
}

/** The story as ninjs, as it stands now (a killed one says canceled), with the delivered file. */
async function sidecar(
  deps: Deps,
  projectId: number,
  file: { name: string; request: typeof videoRequests.$inferSelect | null; bytes: number | null },
) {
  const [row] = await storyRows({ db: deps.db }, [projectId], 'en');
  if (!row) throw new DeliveryError('delivery_failed', 'The story is no longer in the catalogue');
  const delivered = file.request
    ? [
        {
          ...renditionOf(
            { format: file.request.format, quality: file.request.quality, container: file.request.container, sizeBytes: file.bytes },
            row.duration,
            file.name,
          ),
          href: file.name,
        },
      ]
    : [];
  return `${JSON.stringify(storyItem(row, delivered, deps.clock.now()), null, 2)}\n`;
}

async function send(deps: Deps, delivery: RuleDeliveryRow, rule: DeliveryRuleRow, projectId: number, slug: string) {
  const destination = await destinationOf(deps, rule);
  const scratch = path.join(deps.files.workDir, `rule-${delivery.id}`);
  await mkdir(scratch, { recursive: true });
  try {
    if (delivery.kind === 'cancel') {
      // The file this rule last delivered of the story: its sidecar now says canceled, and it goes.
      const [sent] = await deps.db
        .select({ remoteName: ruleDeliveries.remoteName })
        .from(ruleDeliveries)
        .where(
          and(
            eq(ruleDeliveries.ruleId, rule.id),
            eq(ruleDeliveries.contentItemId, delivery.contentItemId),
            eq(ruleDeliveries.kind, 'file'),
            eq(ruleDeliveries.state, 'delivered'),
          ),
        )
        .orderBy(desc(ruleDeliveries.id))
        .limit(1);
      const name = sent?.remoteName ?? downloadName(slug, { quality: rule.quality, container: rule.container, format: rule.videoFormat });
      const json = path.join(scratch, `${name}.json`);
      await writeFile(json, await sidecar(deps, projectId, { name, request: null, bytes: null }));
      await destination.put(json, `${name}.json`);
      await destination.remove(name);
      return name;
    }
    const [found] = await deps.db
      .select({ request: videoRequests, fileKey: renditions.storageKey })
      .from(videoRequests)
      .innerJoin(renditions, eq(renditions.renditionKey, videoRequests.renditionKey))
      .where(and(eq(videoRequests.id, delivery.videoRequestId ?? 0), eq(videoRequests.state, 'ready')));
    if (!found) throw new DeliveryError('delivery_failed', 'The licensed file is not ready');
    const name = downloadName(slug, found.request);
    const local = path.join(scratch, name);
    await pipeline(deps.files.store.read(found.fileKey), createWriteStream(local));
    const { size } = await stat(local);
    await destination.put(local, name);
    const json = path.join(scratch, `${name}.json`);
    await writeFile(json, await sidecar(deps, projectId, { name, request: found.request, bytes: size }));
    await destination.put(json, `${name}.json`);
    await deps.db
      .update(videoRequests)
      .set({ delivery: 'delivered', deliveryError: null, updatedAt: deps.clock.now() })
      .where(eq(videoRequests.id, found.request.id));
    return name;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const jobSchema = z.object({ deliveryId: z.number().int().positive().optional(), requestId: z.number().int().positive().optional() });

export async function runRuleDelivery(deps: Deps, data: unknown): Promise<Record<string, number>> {
  const parsed = jobSchema.safeParse(data);
  if (!parsed.success) return { delivered: 0 };
  const { deliveryId, requestId } = parsed.data;
  const where = deliveryId ? eq(ruleDeliveries.id, deliveryId) : eq(ruleDeliveries.videoRequestId, requestId ?? 0);
  const now = deps.clock.now();
  // Claimed: one worker sends it; a run after a lost worker finds it uploading and sends again.
  const [delivery] = await deps.db
    .update(ruleDeliveries)
    .set({ state: 'uploading', updatedAt: now })
    .where(and(where, inArray(ruleDeliveries.state, ['pending', 'rendering', 'uploading'])))
    .returning();
  if (!delivery) return { delivered: 0 };
  const [found] = await deps.db
    .select({ rule: deliveryRules, slug: videoProjects.projectSlug, projectId: videoProjects.id })
    .from(ruleDeliveries)
    .innerJoin(deliveryRules, eq(deliveryRules.id, ruleDeliveries.ruleId))
    .innerJoin(contentItems, eq(contentItems.id, ruleDeliveries.contentItemId))
    .innerJoin(videoProjects, eq(videoProjects.id, contentItems.videoProjectId))
    .where(eq(ruleDeliveries.id, delivery.id));
  if (!found) {
    const [rule] = await deps.db.select().from(deliveryRules).where(eq(deliveryRules.id, delivery.ruleId));
    if (rule) await failDelivery(deps, delivery, rule, 'The story is no longer in the catalogue');
    return { delivered: 0, failed: 1 };
  }
  try {
    const remoteName = await send(deps, delivery, found.rule, found.projectId, found.slug);
    await deps.db
      .update(ruleDeliveries)
      .set({ state: 'delivered', remoteName, error: null, deliveredAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .where(eq(ruleDeliveries.id, delivery.id));
    return { delivered: 1 };
  } catch (error) {
    if (!(error instanceof DeliveryError) && !(error instanceof Invalid) && !(error instanceof OutboundRefused) && !isS3Failure(error))
      throw error;
    await failDelivery(deps, delivery, found.rule, error instanceof Error ? error.message : 'The delivery failed');
    return { delivered: 0, failed: 1 };
  }
}

/** An S3 service's refusal (credentials, no such bucket) or silence is the delivery's failure, not the job's. */
function isS3Failure(error: unknown): boolean {
  return (
    error instanceof Error &&
    ('$metadata' in error || ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT'].includes((error as NodeJS.ErrnoException).code ?? ''))
  );
}

export const ruleDeliveryJob: JobDefinition = {
  queue: RULE_DELIVERY_QUEUE,
  expireInSeconds: 900,
  run: (deps, data) => runRuleDelivery(deps, data),
};
