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
  if (isLocalHostName(name) || name in config.siteVariants) {
    return `${request.protocol}://${site}`;
  }
  return `http://localhost:${config.port}`;
}

/** Host names of this machine: a browser resolves them (and every `*.localhost`) to loopback itself. */
export function isLocalHostName(name: string): boolean {
  return LOCAL_HOSTS.has(name) || name.endsWith('.localhost');
}

/**
 * Origins allowed to send unsafe requests: PUBLIC_URL, the variant hosts, and this machine's own
 * names. Never the request's Host: a DNS-rebinding page (evil.example resolving to this machine)
 * sends an Origin equal to its Host, and must not pass for us.
 */
export function isAllowedOrigin(config: Config, origin: string): boolean {
  const parsed = URL.parse(origin);
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) return false;
  if (config.publicUrl && new URL(config.publicUrl).origin === parsed.origin) return true;
  const name = hostName(parsed.host);
  return isLocalHostName(name) || name in config.siteVariants;
}
