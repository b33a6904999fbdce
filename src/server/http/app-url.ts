import type { FastifyRequest } from 'fastify';
import { hostName } from '../../common/site.ts';
import type { Config } from '../config.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin links in e-mails point at. PUBLIC_URL when configured; otherwise the request's own
 * host only when it is local or a configured variant host, so a forged Host header cannot send a
 * password-reset link to someone else's site.
 */
export function appBaseUrl(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const site = typeof request.headers.site === 'string' ? request.headers.site : request.host;
  const name = hostName(site);
  if (LOCAL_HOSTS.has(name) || name.endsWith('.localhost') || name in config.siteVariants) {
    return `${request.protocol}://${site}`;
  }
  return `http://localhost:${config.port}`;
}

/** Origins allowed to send unsafe requests: the request's own host, PUBLIC_URL and variant hosts. */
export function isAllowedOrigin(config: Config, request: { host: string }, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  // Normalised through URL so "localhost:80" and "http://localhost" compare equal.
  if (URL.parse(`${parsed.protocol}//${request.host}`)?.host === parsed.host) return true;
  if (config.publicUrl && new URL(config.publicUrl).origin === parsed.origin) return true;
  return hostName(parsed.host) in config.siteVariants;
}
