import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../../common/integration.ts';
import type { ServiceContext } from '../../context.ts';
import { requireUser } from '../accounts/auth.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { callerOfKey } from './api-keys.ts';
import type { ApiKeyRow } from './schema.ts';

/** Who calls the content API: a key's owner (with the key), or a signed-in browser (all scopes). */
export type ApiCaller = { user: UserRow; key: ApiKeyRow | null };

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The caller of an `/api/v1` route: `Authorization: Bearer <key>` acts as the key's owner, when the
 * key is live, holds `scope` (null: any) and is within its rate (401, 403 or 429 otherwise); without the header,
 * the session's user. A key is accepted here only: the rest of the API knows sessions alone.
 */
export async function apiCaller(
  request: FastifyRequest,
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  scope: ApiKeyScope | null,
): Promise<ApiCaller> {
  const header = request.headers.authorization;
  if (header) {
    const secret = BEARER.exec(header)?.[1] ?? '';
    return callerOfKey(ctx, secret, scope);
  }
  const { user } = await requireUser(request);
  return { user, key: null };
}
