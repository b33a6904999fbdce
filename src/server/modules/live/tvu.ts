import { createHash } from 'node:crypto';
import type { TvuReceiver } from '../../../common/live.ts';
import { Forbidden, Invalid, Unavailable } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import type { OutboundPolicy } from '../security/outbound.ts';
import { outboundFetch, type OutboundFetch } from '../security/outbound-fetch.ts';

/**
 * TVU receivers (spec §7 `GET /api/content/live/tvu/receivers?username`): the receivers of the TVU
 * account a customer names in their profile (TVU e-mail), to restream an event to one of them.
 * TVU's directory is a third party, reached through this adapter.
 */
export type TvuDirectory = { receivers(username: string): Promise<TvuReceiver[]> };

const unavailable = (cause?: unknown) =>
  new Unavailable({ code: 'tvu_unavailable', message: 'TVU does not answer; try again later' }, { cause });

/**
 * A TVU directory over HTTP (`TVU_API_URL`): `GET {url}/receivers?username=` with the platform's
 * key as bearer token answers `{receivers: [{id, name, online}]}`. The request carries a customer's
 * account name, so it goes through the outbound policy like every connection made for a user.
 */
export function tvuApiDirectory(options: { url: string; apiKey: string; outbound: OutboundPolicy; fetch?: OutboundFetch }): TvuDirectory {
  const doFetch = options.fetch ?? outboundFetch(options.outbound);
  return {
    async receivers(username) {
      let answer: Response;
      try {
        answer = await doFetch(`${options.url.replace(/\/$/, '')}/receivers?username=${encodeURIComponent(username)}`, {
          headers: { accept: 'application/json', authorization: `Bearer ${options.apiKey}` },
          signal: AbortSignal.timeout(8000),
        });
      } catch (error) {
        throw unavailable(error);
      }
      // An account TVU does not know has no receivers.
      if (answer.status === 404) return [];
      if (!answer.ok) throw unavailable();
      const body = (await answer.json().catch(() => null)) as { receivers?: unknown } | null;
      if (!body || !Array.isArray(body.receivers)) throw unavailable();
      return body.receivers.flatMap((item: unknown) => {
        const r = item as { id?: unknown; name?: unknown; online?: unknown };
        return typeof r.id === 'string' && typeof r.name === 'string' ? [{ id: r.id, name: r.name, online: r.online === true }] : [];
      });
    },
  };
}

/**
 * The embedded default, with no TVU to ask: every account has two receivers, named after it, whose
 * ids are the same each time (README "TVU receivers"). Configure TVU_API_URL for the real one.
 */
export const demoTvuDirectory: TvuDirectory = {
  receivers: async (username) => {
    const account = username.toLowerCase();
    const id = createHash('sha256').update(account).digest('hex').slice(0, 12).toUpperCase();
    const owner = account.split('@')[0] ?? account;
    return [
      { id: `${id}01`, name: `${owner} — studio receiver`, online: true },
      { id: `${id}02`, name: `${owner} — field receiver`, online: false },
    ];
  },
};

/**
 * The receivers of the caller's own TVU account: the one in their profile, which `username`, when
 * given, must be. Another account's receivers are not theirs to read.
 */
export async function receiversOf(tvu: TvuDirectory, user: Pick<UserRow, 'tvuEmail'>, username?: string): Promise<TvuReceiver[]> {
  const own = user.tvuEmail.trim().toLowerCase();
  if (!own)
    throw new Invalid({
      code: 'tvu_email_required',
      field: 'username',
      message: 'Add your TVU e-mail to your profile to list your receivers',
    });
  if (username !== undefined && username.trim().toLowerCase() !== own)
    throw new Forbidden({ code: 'tvu_account_not_yours', message: 'You can list the receivers of your own TVU account only' });
  return tvu.receivers(own);
}

/** A TVU target's receiver must be one of the caller's own. */
export async function checkReceiver(tvu: TvuDirectory, user: Pick<UserRow, 'tvuEmail'>, receiverId: string) {
  const receivers = await receiversOf(tvu, user);
  if (!receivers.some((receiver) => receiver.id === receiverId))
    throw new Invalid({
      code: 'tvu_receiver_unknown',
      field: 'target.tvu_receiver',
      message: 'This receiver is not one of your TVU account',
    });
}
