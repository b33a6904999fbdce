import type { z } from 'zod';
import type { confirmationProfileSchema, CurrentUser, ProfileUpdate, signUpSchema } from '../../../common/accounts.ts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { accountsContracts, contract, referenceContracts } from '../../lib/contracts.ts';

/** The account calls of spec: accounts §7 ("Session"), typed by the shared contracts. */
export const accountsApi = {
  /** The signed-in user, or null for a visitor (a 401 is an answer here, not a failure). */
  currentUser: async (signal?: AbortSignal): Promise<CurrentUser | null> => {
    try {
      return await api.get('/api/current_user', { signal, schema: contract(accountsContracts, 'currentUserSchema') });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  signIn: (user: { email: string; password: string }) =>
    api.post('/users/sign_in.json', { body: { user }, schema: contract(accountsContracts, 'currentUserSchema') }),
  verifyTwoFactor: (token: string) =>
    api.post('/api/admin/users/admins/token_verifications', { body: { token }, schema: contract(accountsContracts, 'currentUserSchema') }),
  signOut: () => api.delete<void>('/users/sign_out.json'),
  signUp: (user: z.input<typeof signUpSchema>) =>
    api.post('/users', { body: { user }, schema: contract(accountsContracts, 'signUpResponseSchema') }),
  resendByEmail: (email: string) =>
    api.post('/api/users/registrations', { body: { email }, schema: contract(accountsContracts, 'okResponseSchema') }),
  resendById: (id: number) =>
    api.post(`/api/users/${id}/confirmation_instructions`, { schema: contract(accountsContracts, 'okResponseSchema') }),
  checkEmail: (email: string) =>
    api.get('/api/users/check_email', { query: { email }, schema: contract(accountsContracts, 'checkEmailResponseSchema') }),
  checkConfirmationToken: (token: string) =>
    api.get('/api/users/check_confirmation_token', {
      query: { confirmation_token: token },
      schema: contract(accountsContracts, 'confirmationTokenStatusSchema'),
    }),
  unconfirmedUser: (token: string) =>
    api.get('/api/users/unconfirmed.json', { query: { token }, schema: contract(accountsContracts, 'unconfirmedUserSchema') }),
  confirm: (user: z.output<typeof confirmationProfileSchema> & { confirmation_token: string }) =>
    api.patch('/users/confirmation.json', { body: { user }, schema: contract(accountsContracts, 'currentUserSchema') }),
  passwordInstructions: (email: string) =>
    api.post('/api/users/password_instructions', { body: { email }, schema: contract(accountsContracts, 'okResponseSchema') }),
  resetPassword: (user: { reset_password_token: string; password: string; password_confirmation: string }) =>
    api.patch('/users/password', { body: { user }, schema: contract(accountsContracts, 'okResponseSchema') }),
  unlock: (token: string) =>
    api.post('/api/users/unlock', { body: { unlock_token: token }, schema: contract(accountsContracts, 'okResponseSchema') }),
  profile: (signal?: AbortSignal) => api.get('/api/current_user/profile', { signal, schema: contract(accountsContracts, 'profileSchema') }),
  updateProfile: (user: ProfileUpdate) =>
    api.patch('/api/current_user', { body: { user }, schema: contract(accountsContracts, 'currentUserSchema') }),
  changePassword: (user: { current_password: string; password: string; password_confirmation: string }) =>
    api.patch('/api/current_user/password', { body: { user }, schema: contract(accountsContracts, 'okResponseSchema') }),
  acceptTerms: () => api.post('/api/current_user/accept_terms_of_service', { schema: contract(accountsContracts, 'currentUserSchema') }),
  acceptReleaseNote: (id: number) =>
    api.post('/api/current_user/accept_release_note', { body: { id }, schema: contract(accountsContracts, 'currentUserSchema') }),
  latestReleaseNote: (signal?: AbortSignal) =>
    api.get('/api/system/latest_release_notes', { signal, schema: contract(accountsContracts, 'latestReleaseNoteResponseSchema') }),
  terms: (signal?: AbortSignal) =>
    api.get('/api/terms_of_service', { signal, schema: contract(accountsContracts, 'termsOfServiceSchema') }),
  newsletterPopupShown: () =>
    api.patch('/api/system/newsletterrs_popup_dates', { schema: contract(accountsContracts, 'newsletterPopupResponseSchema') }),
  subscribeNewsletter: () => api.post('/api/current_user/send_to_pardot', { schema: contract(accountsContracts, 'okResponseSchema') }),
  countries: (signal?: AbortSignal) =>
    api.get('/api/countries.json', { signal, schema: contract(referenceContracts, 'countriesResponseSchema') }),
  timeZones: (signal?: AbortSignal) =>
    api.get('/api/time_zones', { signal, schema: contract(referenceContracts, 'timeZonesResponseSchema') }),
};
