import type { agreementSchema, agreementsResponseSchema, purchasePossibilitySchema } from '../../../common/agreements.ts';
import type {
  newPlanRequestSchema,
  PlanRequestForm,
  planRequestSchema,
  planRequestsResponseSchema,
} from '../../../common/plan-requests.ts';
import type { planningAccessSchema, planningSectionSchema } from '../../../common/planning.ts';
import type { plansResponseSchema } from '../../../common/plans.ts';
import type { companyTypesResponseSchema, countriesResponseSchema, jobTitlesResponseSchema } from '../../../common/reference.ts';
import type { Answer } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';

/** The agreement calls of spec: accounts §7 ("Agreements", the planning calls of "System"), typed by the shared contracts. */
export const agreementsApi = {
  plans: (signal?: AbortSignal) => api.get<Answer<typeof plansResponseSchema>>('/api/plans', { signal }),
  agreements: (signal?: AbortSignal) => api.get<Answer<typeof agreementsResponseSchema>>('/api/current_user/agreements', { signal }),
  accept: (id: number) => api.post<Answer<typeof agreementSchema>>(`/api/current_user/agreements/${id}/accepts`),
  optIn: (id: number) => api.post<Answer<typeof agreementSchema>>(`/api/current_user/agreements/${id}/opt_ins`),
  optOut: (id: number) => api.post<Answer<typeof agreementSchema>>(`/api/current_user/agreements/${id}/opt_outs`),
  planRequests: (signal?: AbortSignal) =>
    api.get<Answer<typeof planRequestsResponseSchema>>('/api/current_user/agreement_requests', { signal }),
  newPlanRequest: (signal?: AbortSignal) => api.get<Answer<typeof newPlanRequestSchema>>('/api/agreement_requests/new', { signal }),
  /** A visitor's request goes to the guest call; a signed-in user's to their own. */
  requestPlan: (form: PlanRequestForm, signedIn: boolean) =>
    api.post<Answer<typeof planRequestSchema>>(signedIn ? '/api/current_user/agreement_requests' : '/api/agreement_requests', {
      body: { agreement_request: form },
    }),
  planningAccess: (signal?: AbortSignal) =>
    api.get<Answer<typeof planningAccessSchema>>('/api/system/user_access_to_planning_sections', { signal }),
  planningSection: (id: number, signal?: AbortSignal) =>
    api.get<Answer<typeof planningSectionSchema>>(`/api/system/planning_sections/${id}`, { signal }),
  companyTypes: (signal?: AbortSignal) => api.get<Answer<typeof companyTypesResponseSchema>>('/api/company_types', { signal }),
  jobTitles: (signal?: AbortSignal) => api.get<Answer<typeof jobTitlesResponseSchema>>('/api/job_titles', { signal }),
  countries: (signal?: AbortSignal) => api.get<Answer<typeof countriesResponseSchema>>('/api/countries.json', { signal }),
  /** May the signed-in user buy the pass now, and if not, why (spec §7 purchase_possibility). */
  passPossibility: (signal?: AbortSignal) =>
    api.get<Answer<typeof purchasePossibilitySchema>>('/api/current_user/agreements/purchase_possibility', {
      query: { agreement_type: 'pass' },
      signal,
    }),
};
