import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { CHANNELS } from '../../../common/realtime.ts';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { Invalid } from '../../http/errors.ts';
import { users } from '../accounts/schema.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { videoProjects } from '../catalogue/schema.ts';
import type { Broadcast } from '../realtime/broadcaster.ts';
import { userStream } from '../realtime/channels.ts';
import { decrypt } from '../security/crypto.ts';
import { vetOutbound, type OutboundPolicy } from '../security/outbound.ts';
import { announceNotices, keepNotices } from '../notice-centre/service.ts';
import { DeliveryError, deliverFile, parseServer, type DeliveryTarget } from './delivery.ts';
import { fileNotice, titlesOf } from './file-notices.ts';
import { downloadName, type DownloadFiles } from './files.ts';
import { renditions, videoRequests } from './schema.ts';

export const DELIVER_QUEUE = 'downloads.deliver';

export type DeliveryDeps = {
  db: Db;
  clock: Clock;
  files: DownloadFiles;
  outbound: OutboundPolicy;
  broadcast?: Broadcast;
  timeoutMs?: number;
};

const notSet = () =>
  new Invalid({
    code: 'ftp_not_set',
    field: 'upload_to_ftp',
    message: 'Enter your FTP/SFTP server, username and password in your profile first',
  });

/** The profile's server and credentials as a delivery target; refused before anything is charged when incomplete. */
export function deliveryTargetOf(
  user: Pick<UserRow, 'ftpServer' | 'ftpUsername' | 'ftpPasswordEncrypted'>,
  secret: string,
): DeliveryTarget {
  if (!user.ftpServer || !user.ftpUsername || !user.ftpPasswordEncrypted) throw notSet();
  try {
    return { ...parseServer(user.ftpServer), username: user.ftpUsername, password: decrypt(user.ftpPasswordEncrypted, secret) };
  } catch (error) {
    if (error instanceof DeliveryError)
      throw new Invalid({
        code: 'ftp_server_invalid',
        field: 'upload_to_ftp',
        message: 'The FTP/SFTP server in your profile is not valid',
      });
    throw error;
  }
}

/**
 * The profile's server as it is saved: well-formed (else ftp_server_invalid) and at an address the
 * platform connects to (else outbound_address_refused); the address is checked again at each delivery.
 */
export async function vetDeliveryServer(ctx: { outbound: OutboundPolicy }, server: string, field: string): Promise<void> {
  let parsed: ReturnType<typeof parseServer>;
  try {
    parsed = parseServer(server);
  } catch {
    throw new Invalid({
      code: 'ftp_server_invalid',
      field,
      message: 'Enter the server as sftp://host:port/folder, ftp://host/folder or a host name',
    });
  }
  await vetOutbound(ctx.outbound, parsed.host, parsed.port ?? 22, field);
}

/**
 * Uploads a ready requested file to the FTP/SFTP server of its user's profile (a job): the file
 * from the store to a scratch copy, then the upload with progress told on the transcoding channel.
 * The delivery ends delivered or failed with the reason in words (wrong credentials, no server);
 * run again after a worker was lost mid-upload, it uploads again (the upload replaces atomically).
 */
export async function deliverRequested(deps: DeliveryDeps, data: { requestId?: number }): Promise<Record<string, number>> {
  const id = data.requestId;
  if (!id) return { delivered: 0 };
  const [claimed] = await deps.db
    .update(videoRequests)
    .set({ delivery: 'uploading', updatedAt: deps.clock.now() })
    .where(and(eq(videoRequests.id, id), eq(videoRequests.state, 'ready'), inArray(videoRequests.delivery, ['waiting', 'uploading'])))
    .returning();
  if (!claimed) return { delivered: 0 };
  const [found] = await deps.db
    .select({ user: users, slug: videoProjects.projectSlug, fileKey: renditions.storageKey })
    .from(videoRequests)
    .innerJoin(users, eq(users.id, videoRequests.userId))
    .innerJoin(videoProjects, eq(videoProjects.id, videoRequests.projectId))
    .innerJoin(renditions, eq(renditions.renditionKey, videoRequests.renditionKey))
    .where(eq(videoRequests.id, id));
  const tell = (state: 'uploading' | 'delivered' | 'failed', percent: number, message?: string) =>
    deps.broadcast?.(CHANNELS.transcoding, userStream(claimed.userId), {
      type: 'delivery',
      request_id: id,
      project_id: String(claimed.projectId),
      state,
      percent,
      ...(message ? { message } : {}),
    });
  const end = async (state: 'delivered' | 'failed', message: string | null) => {
    // A failed delivery is kept in the notice centre with the change; a delivered one is only told.
    const told = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(videoRequests)
        .set({ delivery: state, deliveryError: message, updatedAt: deps.clock.now() })
        .where(eq(videoRequests.id, id))
        .returning();
      if (!row || state !== 'failed') return [];
      const titles = await titlesOf(tx, [row]);
      return keepNotices(tx, deps.clock.now(), [fileNotice(row, titles.get(row.projectId) ?? '', 'delivery_failed')]);
    });
    announceNotices(deps.broadcast, told);
    tell(state, state === 'delivered' ? 100 : 0, message ?? undefined);
  };
  if (!found) {
    await end('failed', 'Download error, file is not exist');
    return { delivered: 0, failed: 1 };
  }

  const { workDir, store } = deps.files;
  await mkdir(workDir, { recursive: true });
  const name = downloadName(found.slug, claimed);
  const local = path.join(workDir, `deliver-${id}-${name}`);
  try {
    const target = deliveryTargetOf(found.user, deps.files.secret);
    await pipeline(store.read(found.fileKey), createWriteStream(local));
    let told = -10;
    await deliverFile(
      deps,
      target,
      local,
      name,
      (percent) => {
        if (percent < told + 10 || percent >= 100) return;
        told = percent;
        tell('uploading', percent);
      },
      { timeoutMs: deps.timeoutMs },
    );
    await end('delivered', null);
    return { delivered: 1 };
  } catch (error) {
    if (!(error instanceof DeliveryError) && !(error instanceof Invalid)) throw error;
    await end('failed', error.message);
    return { delivered: 0, failed: 1 };
  } finally {
    await rm(local, { force: true });
  }
}
