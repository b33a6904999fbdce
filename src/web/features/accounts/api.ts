import type { z } from 'zod';
import type {
  accountTransferSchema,
  checkEmailResponseSchema,
  confirmationProfileSchema,
  confirmationTokenStatusSchema,
  CurrentUser,
  currentUserSchema,
  latestReleaseNoteResponseSchema,
  newsletterPopupResponseSchema,
  okResponseSchema,
  profileSchema,
  ProfileUpdate,
  signUpResponseSchema,
  signUpSchema,
  termsOfServiceSchema,
  unconfirmedUserSchema,
} from '../../../common/accounts.ts';
import type { countriesResponseSchema, timeZonesResponseSchema } from '../../../common/reference.ts';
import { api } from '../../lib/api.ts';
import { ApiError, type Answer } from '../../lib/api-client.ts';

/** The account calls of spec: accounts §7 ("Session"), typed by the shared contracts. */
export const accountsApi = {
  /** The signed-in user, or null for a visitor (a 401 is an answer here, not a failure). */
  currentUser: async (signal?: AbortSignal): Promise<CurrentUser | null> => {
    try {
      return await api.get<Answer<typeof currentUserSchema>>('/api/current_user', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  signIn: (user: { email: string; password: string }) =>
    api.post<Answer<typeof currentUserSchema>>('/users/sign_in.json', { body: { user } }),
  verifyTwoFactor: (token: string) =>
    api.post<Answer<typeof currentUserSchema>>('/api/admin/users/admins/token_verifications', { body: { token } }),
  signOut: () => api.delete<void>('/users/sign_out.json'),
  signUp: (user: z.input<typeof signUpSchema>) => api.post<Answer<typeof signUpResponseSchema>>('/users', { body: { user } }),
  resendByEmail: (email: string) => api.post<Answer<typeof okResponseSchema>>('/api/users/registrations', { body: { email } }),
  resendById: (id: number) => api.post<Answer<typeof okResponseSchema>>(`/api/users/${id}/confirmation_instructions`),
  checkEmail: (email: string) => api.get<Answer<typeof checkEmailResponseSchema>>('/api/users/check_email', { query: { email } }),
  checkConfirmationToken: (token: string) =>
    api.get<Answer<typeof confirmationTokenStatusSchema>>('/api/users/check_confirmation_token', {
      query: { confirmation_token: token },
    }),
  unconfirmedUser: (token: string) => api.get<Answer<typeof unconfirmedUserSchema>>('/api/users/unconfirmed.json', { query: { token } }),
  confirm: (user: z.output<typeof confirmationProfileSchema> & { confirmation_token: string }) =>
    api.patch<Answer<typeof currentUserSchema>>('/users/confirmation.json', { body: { user } }),
  passwordInstructions: (email: string) =>
    api.post<Answer<typeof okResponseSchema>>('/api/users/password_instructions', { body: { email } }),
  resetPassword: (user: { reset_password_token: string; password: string; password_confirmation: string }) =>
    api.patch<Answer<typeof okResponseSchema>>('/users/password', { body: { user } }),
  requestAccountTransfer: (email: string) => api.post<Answer<typeof okResponseSchema>>('/api/users/account_transfers', { body: { email } }),
  completeAccountTransfer: (body: z.output<typeof accountTransferSchema>) =>
    api.patch<Answer<typeof currentUserSchema>>('/api/users/account_transfers', { body }),
  unlock: (token: string) => api.post<Answer<typeof okResponseSchema>>('/api/users/unlock', { body: { unlock_token: token } }),
  profile: (signal?: AbortSignal) => api.get<Answer<typeof profileSchema>>('/api/current_user/profile', { signal }),
  updateProfile: (user: ProfileUpdate) => api.patch<Answer<typeof currentUserSchema>>('/api/current_user', { body: { user } }),
  changePassword: (user: { current_password: string; password: string; password_confirmation: string }) =>
    api.patch<Answer<typeof okResponseSchema>>('/api/current_user/password', { body: { user } }),
  acceptTerms: () => api.post<Answer<typeof currentUserSchema>>('/api/current_user/accept_terms_of_service'),
  acceptReleaseNote: (id: number) => api.post<Answer<typeof currentUserSchema>>('/api/current_user/accept_release_note', { body: { id } }),
  latestReleaseNote: (signal?: AbortSignal) =>
    api.get<Answer<typeof latestReleaseNoteResponseSchema>>('/api/system/latest_release_notes', { signal }),
  terms: (signal?: AbortSignal) => api.get<Answer<typeof termsOfServiceSchema>>('/api/terms_of_service', { signal }),
  newsletterPopupShown: () => api.patch<Answer<typeof newsletterPopupResponseSchema>>('/api/system/newsletterrs_popup_dates'),
  subscribeNewsletter: () => api.post<Answer<typeof okResponseSchema>>('/api/current_user/send_to_pardot'),
  countries: (signal?: AbortSignal) => api.get<Answer<typeof countriesResponseSchema>>('/api/countries.json', { signal }),
  timeZones: (signal?: AbortSignal) => api.get<Answer<typeof timeZonesResponseSchema>>('/api/time_zones', { signal }),
};
