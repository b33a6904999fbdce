import type { Company, CompanyMember, Invitation, UserLimit } from '../../../common/company.ts';
import type { ContentKind } from '../../../common/agreement-values.ts';
import { api } from '../../lib/api.ts';

/** Query keys of the team; sign-out forgets them with every other personal answer. */
export const COMPANY_KEYS = {
  company: (userId: number | null) => ['company', userId] as const,
};

/** What a member's details form sends (spec §7: PATCH …/company/members/{id} {member}). */
export type MemberChange = { active?: boolean; first_name?: string; last_name?: string; phone_number?: string; resend_invitation?: true };

const MEMBERS = '/api/current_user/company/members';
const LIMITS = '/api/current_user/user_limits';

/** The company calls of spec: accounts §7 "Company", typed by the shared contracts. */
export const companyApi = {
  company: (signal?: AbortSignal) => api.get<Company>('/api/current_user/company', { signal }),
  invite: (email: string) => api.post<Invitation>(MEMBERS, { body: { email } }),
  change: (id: number, member: MemberChange) => api.patch<CompanyMember | Invitation>(`${MEMBERS}/${id}`, { body: { member } }),
  remove: (id: number) => api.delete<null>(`${MEMBERS}/${id}`),
  setLimit: (userId: number, kind: ContentKind, limit: number | null) =>
    api.post<UserLimit>(LIMITS, { body: { user_limit: { user_id: userId, kind, limit } } }),
  changeLimit: (id: number, limit: number | null) => api.patch<UserLimit>(`${LIMITS}/${id}`, { body: { user_limit: { limit } } }),
  removeLimit: (id: number) => api.delete<null>(`${LIMITS}/${id}`),
};
