import { useQuery } from '@tanstack/react-query';
import { CONTENT_KINDS, type ContentKind } from '../../../common/agreement-values.ts';
import type { Company, CompanyMember } from '../../../common/company.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { COMPANY_KEYS, companyApi } from './api.ts';

/** "Ina Invited", or the address while the member has no name yet. */
export const memberName = (member: Pick<CompanyMember, 'first_name' | 'last_name' | 'email'>) =>
  `${member.first_name} ${member.last_name}`.trim() || member.email;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** A day and time in the reader's language and zone ("12 Nov 2026, 14:05"). */
export function formatMoment(iso: string, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    dayFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/**
 * The kinds a limit can be set for: those the company's agreements have an amount of (spec §5),
 * else all three, so a team without agreements yet sees what limits are.
 */
export function limitKinds(company: Company): ContentKind[] {
  const held = CONTENT_KINDS.filter((kind) => kind in company.available);
  return held.length > 0 ? held : [...CONTENT_KINDS];
}

/** Members a limit applies to: the active and deactivated ones, not the master accounts. */
export const limitedMembers = (company: Company) =>
  [...company.members, ...company.deactivated_members].filter((member) => member.role !== 'master');

/**
 * The caller's team. No company yet is an empty team (the first invitation makes one, with the
 * caller as its master); a member who is not the master gets `forbidden`.
 */
export function useTeam() {
  const userId = useSignedInUserId();
  const query = useQuery({
    queryKey: COMPANY_KEYS.company(userId),
    queryFn: ({ signal }) => companyApi.company(signal),
    enabled: userId !== null,
  });
  const status = query.error instanceof ApiError ? query.error.status : null;
  return {
    userId,
    company: query.data ?? null,
    noCompany: status === 404,
    forbidden: status === 403,
    failure: query.isError && status !== 404 && status !== 403 ? query.error : null,
    loading: query.isPending && userId !== null,
  };
}
