import { Invalid } from '../../http/errors.ts';
import { decrypt } from '../security/crypto.ts';
import { vetOutbound, type OutboundPolicy } from '../security/outbound.ts';
import type { liveTargets } from './schema.ts';

/**
 * Where a restream target's ffmpeg sends the picture, under the outbound policy (ARCHITECTURE
 * "Outbound connections"). The platform always calls the target: an SRT target is called in caller
 * mode, never listened for (a listener would open a port of ours to anyone), and carries only the
 * options a target needs. The host is resolved and checked once, and ffmpeg is given the checked
 * address, so a name that answers otherwise a moment later (DNS rebinding) changes nothing.
 */
type TargetRow = typeof liveTargets.$inferSelect;
export type RestreamDestination = { format: 'flv' | 'mpegts'; url: string; options: string[] };

/** The SRT options a target may set, each with the values libsrt takes; `mode` is ours: caller. */
const SRT_OPTIONS: Record<string, RegExp> = {
  passphrase: /^[^&\s]{10,79}$/,
  pbkeylen: /^(16|24|32)$/,
  streamid: /^[^&\s]{1,512}$/,
  latency: /^\d{1,7}$/,
};
const DEFAULT_PORTS: Record<string, number> = { 'rtmp:': 1935, 'rtmps:': 443 };

type Parsed = { url: URL; host: string; port: number; srtOptions: [string, string][]; refusedOptions: string[] };

function parse(kind: TargetRow['kind'], text: string): Parsed | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  if (!url.hostname || port === undefined) return null;
  const srtOptions: [string, string][] = [];
  const refusedOptions: string[] = [];
  if (kind === 'srt')
    // The raw text of each value: libsrt reads the passphrase as written, unescaped.
    for (const pair of url.search.replace(/^\?/, '').split('&').filter(Boolean)) {
      const [name = '', value = ''] = pair.split(/=(.*)/s);
      if (name === 'mode' && value === 'caller') continue;
      if (SRT_OPTIONS[name]?.test(value)) srtOptions.push([name, value]);
      else refusedOptions.push(name);
    }
  return { url, host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port, srtOptions, refusedOptions };
}

/**
 * Checks a target's address as it is saved: a clear 422 for a listener, an option no target needs, or
 * an address the platform does not connect to. A name that does not resolve now is checked at each connection.
 */
export async function vetTargetUrl(ctx: { outbound: OutboundPolicy }, kind: TargetRow['kind'], text: string): Promise<void> {
  const field = 'target.url';
  const parsed = parse(kind, text);
  if (!parsed) throw new Invalid({ code: 'uri', field, message: 'Invalid URI' });
  if (parsed.refusedOptions.length > 0)
    throw new Invalid({
      code: 'srt_options_refused',
      field,
      message: `The platform calls SRT targets (caller mode) and takes only ${Object.keys(SRT_OPTIONS).join(', ')}: ${parsed.refusedOptions.join(', ')} refused`,
    });
  await vetOutbound(ctx.outbound, parsed.host, parsed.port, field);
}

/**
 * The checked destination of a target: the RTMP address with the stream key as its last segment, or
 * the SRT address in caller mode with the allowed options; null when the target has no address.
 * Throws OutboundRefused when the address is refused now.
 */
export async function restreamDestination(
  ctx: { outbound: OutboundPolicy; secret: string },
  target: Pick<TargetRow, 'kind' | 'url' | 'streamKeyEncrypted'>,
): Promise<RestreamDestination | null> {
  if (!target.url) return null;
  const parsed = parse(target.kind, target.url);
  if (!parsed) return null;
  const checked = await ctx.outbound.check(parsed.host, parsed.port);
  const at = `${checked.family === 6 ? `[${checked.address}]` : checked.address}:${checked.port}`;
  if (target.kind === 'srt') {
    const options = [['mode', 'caller'], ...parsed.srtOptions].map(([name, value]) => `${name}=${value}`).join('&');
    return { format: 'mpegts', url: `srt://${at}?${options}`, options: [] };
  }
  const { url } = parsed;
  const userinfo = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const app = `${url.pathname.replace(/\/+$/, '')}${url.search}`;
  const key = target.streamKeyEncrypted ? decrypt(target.streamKeyEncrypted, ctx.secret) : '';
  // The server sees the address it was given in tcUrl (some ingests route by it), and TLS names that host.
  const named = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  const options = ['-rtmp_tcurl', named, ...(url.protocol === 'rtmps:' ? ['-verifyhost', parsed.host] : [])];
  return { format: 'flv', url: `${url.protocol}//${userinfo}${at}${app}${key ? `/${key}` : ''}`, options };
}
