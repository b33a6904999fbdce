import { useQuery } from '@tanstack/react-query';
import type { DeskRole } from '../../../common/desk-roles.ts';
import type { ClientErrorsPage } from '../../../common/client-errors.ts';
import type { CustomerAction, CustomerDetail, CustomersPage } from '../../../common/customers.ts';
import type { DeskRefundBody, DeskTransactionDetail, DeskTransactionsPage } from '../../../common/desk-payments.ts';
import type { Transaction } from '../../../common/payments.ts';
import type { Agreement } from '../../../common/agreements.ts';
import type { DeskAgreementChange, DeskAgreementCreate, DeskTopUp } from '../../../common/desk-agreements.ts';
import type { AuditPage, DeskMe, StaffMember } from '../../../common/desk.ts';
import type { PassApplication, PassApplicationDeclineBody, PassApplicationsResponse } from '../../../common/pass-applications.ts';
import type {
  DeskPlanRequestsResponse,
  PlanRequest,
  PlanRequestApprovalBody,
  PlanRequestRejectionBody,
  PlanRequestStatus,
} from '../../../common/plan-requests.ts';
import { api } from '../../lib/api.ts';
import type { QueryValue } from '../../lib/api-client.ts';
import { useSignedInUserId } from '../../lib/session.ts';

/** Query keys of the desk; sign-out forgets them with every other personal answer. */
export const DESK_KEYS = {
  me: (userId: number | null) => ['desk', 'me', userId] as const,
  staff: ['desk', 'staff'] as const,
  audit: (filters: Record<string, QueryValue>) => ['desk', 'audit', filters] as const,
  clientErrors: (filters: Record<string, QueryValue>) => ['desk', 'client-errors', filters] as const,
  passApplications: ['desk', 'pass-applications'] as const,
  customers: (query: Record<string, QueryValue>) => ['desk', 'customers', query] as const,
  customer: (id: number) => ['desk', 'customer', id] as const,
  planRequests: (status: string) => ['desk', 'plan-requests', status] as const,
  transactions: (query: Record<string, QueryValue>) => ['desk', 'transactions', query] as const,
  transaction: (id: number) => ['desk', 'transaction', id] as const,
};

/** The desk's own calls (src/server/modules/desk/routes.ts), typed by the shared contracts. */
export const deskApi = {
  me: (signal?: AbortSignal) => api.get<DeskMe>('/api/desk/me', { signal }),
  staff: (signal?: AbortSignal) => api.get<{ staff: StaffMember[] }>('/api/desk/staff', { signal }),
  setRoles: (id: number, roles: DeskRole[]) => api.put<StaffMember>(`/api/desk/staff/${id}`, { body: { desk_roles: roles } }),
  audit: (query: Record<string, QueryValue>, signal?: AbortSignal) => api.get<AuditPage>('/api/desk/audit', { query, signal }),
  clientErrors: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<ClientErrorsPage>('/api/desk/client_errors', { query, signal }),
  passApplications: (signal?: AbortSignal) => api.get<PassApplicationsResponse>('/api/desk/pass_applications', { signal }),
  approvePassApplication: (id: number) => api.post<PassApplication>(`/api/desk/pass_applications/${id}/approvals`),
  declinePassApplication: (id: number, body: PassApplicationDeclineBody) =>
    api.post<PassApplication>(`/api/desk/pass_applications/${id}/declines`, { body }),
  customers: (query: Record<string, QueryValue>, signal?: AbortSignal) => api.get<CustomersPage>('/api/desk/customers', { query, signal }),
  customer: (id: number, signal?: AbortSignal) => api.get<CustomerDetail>(`/api/desk/customers/${id}`, { signal }),
  actOnCustomer: (id: number, action: CustomerAction) => api.post<CustomerDetail>(`/api/desk/customers/${id}/${action}`),
  planRequests: (status: PlanRequestStatus | undefined, signal?: AbortSignal) =>
    api.get<DeskPlanRequestsResponse>('/api/desk/plan_requests', { query: status ? { status } : {}, signal }),
  approvePlanRequest: (id: number, body: PlanRequestApprovalBody) =>
    api.post<PlanRequest>(`/api/desk/plan_requests/${id}/approvals`, { body }),
  declinePlanRequest: (id: number, body: PlanRequestRejectionBody) =>
    api.post<PlanRequest>(`/api/desk/plan_requests/${id}/rejections`, { body }),
  transactions: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<DeskTransactionsPage>('/api/desk/transactions', { query, signal }),
  transaction: (id: number, signal?: AbortSignal) => api.get<DeskTransactionDetail>(`/api/desk/transactions/${id}`, { signal }),
  refundTransaction: (id: number, body: DeskRefundBody) => api.post<Transaction>(`/api/desk/transactions/${id}/refunds`, { body }),
  createAgreement: (body: DeskAgreementCreate) => api.post<Agreement>('/api/desk/agreements', { body }),
  changeAgreement: (id: number, body: DeskAgreementChange) => api.patch<Agreement>(`/api/desk/agreements/${id}`, { body }),
  topUpAgreement: (id: number, body: DeskTopUp) => api.post<Agreement>(`/api/desk/agreements/${id}/top_ups`, { body }),
  deactivateAgreement: (id: number) => api.post<Agreement>(`/api/desk/agreements/${id}/deactivation`),
};

/**
 * Who is at the desk. The server answers 404 to anyone who is not staff (a visitor too), so the
 * question is asked whoever is signed in, and asked again when that changes.
 */
export function useDeskMe() {
  const userId = useSignedInUserId();
  return useQuery({
    queryKey: DESK_KEYS.me(userId),
    queryFn: ({ signal }) => deskApi.me(signal),
    staleTime: 60_000,
    retry: false,
  });
}
