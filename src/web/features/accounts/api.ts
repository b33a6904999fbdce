import type { z } from 'zod';
import {
  checkEmailResponseSchema,
  confirmationTokenStatusSchema,
  currentUserSchema,
  latestReleaseNoteResponseSchema,
  newsletterPopupResponseSchema,
  okResponseSchema,
  profileSchema,
  signUpResponseSchema,
  termsOfServiceSchema,
  unconfirmedUserSchema,
  type confirmationProfileSchema,
  type CurrentUser,
  type ProfileUpdate,
  type signUpSchema,
} from '../../../common/accounts.ts';
import { countriesResponseSchema, timeZonesResponseSchema } from '../../../common/reference.ts';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-client.ts';

/** The account calls of spec: accounts §7 ("Session"), typed by the shared contracts. */
export const accountsApi = {
  /** The signed-in user, or null for a visitor (a 401 is an answer here, not a failure). */
  currentUser: async (signal?: AbortSignal): Promise<CurrentUser | null> => {
    try {
      return await api.get('/api/current_user', { signal, schema: currentUserSchema });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  signIn: (user: { email: string; password: string }) => api.post('/users/sign_in.json', { body: { user }, schema: currentUserSchema }),
  verifyTwoFactor: (token: string) =>
    api.post('/api/admin/users/admins/token_verifications', { body: { token }, schema: currentUserSchema }),
  signOut: () => api.delete<void>('/users/sign_out.json'),
  signUp: (user: z.input<typeof signUpSchema>) => api.post('/users', { body: { user }, schema: signUpResponseSchema }),
  resendByEmail: (email: string) => api.post('/api/users/registrations', { body: { email }, schema: okResponseSchema }),
  resendById: (id: number) => api.post(`/api/users/${id}/confirmation_instructions`, { schema: okResponseSchema }),
  checkEmail: (email: string) => api.get('/api/users/check_email', { query: { email }, schema: checkEmailResponseSchema }),
  checkConfirmationToken: (token: string) =>
    api.get('/api/users/check_confirmation_token', { query: { confirmation_token: token }, schema: confirmationTokenStatusSchema }),
  unconfirmedUser: (token: string) => api.get('/api/users/unconfirmed.json', { query: { token }, schema: unconfirmedUserSchema }),
  confirm: (user: z.output<typeof confirmationProfileSchema> & { confirmation_token: string }) =>
    api.patch('/users/confirmation.json', { body: { user }, schema: currentUserSchema }),
  passwordInstructions: (email: string) => api.post('/api/users/password_instructions', { body: { email }, schema: okResponseSchema }),
  resetPassword: (user: { reset_password_token: string; password: string; password_confirmation: string }) =>
    api.patch('/users/password', { body: { user }, schema: okResponseSchema }),
  unlock: (token: string) => api.post('/api/users/unlock', { body: { unlock_token: token }, schema: okResponseSchema }),
  profile: (signal?: AbortSignal) => api.get('/api/current_user/profile', { signal, schema: profileSchema }),
  updateProfile: (user: ProfileUpdate) => api.patch('/api/current_user', { body: { user }, schema: currentUserSchema }),
  changePassword: (user: { current_password: string; password: string; password_confirmation: string }) =>
    api.patch('/api/current_user/password', { body: { user }, schema: okResponseSchema }),
  acceptTerms: () => api.post('/api/current_user/accept_terms_of_service', { schema: currentUserSchema }),
  acceptReleaseNote: (id: number) => api.post('/api/current_user/accept_release_note', { body: { id }, schema: currentUserSchema }),
  latestReleaseNote: (signal?: AbortSignal) =>
    api.get('/api/system/latest_release_notes', { signal, schema: latestReleaseNoteResponseSchema }),
  terms: (signal?: AbortSignal) => api.get('/api/terms_of_service', { signal, schema: termsOfServiceSchema }),
  newsletterPopupShown: () => api.patch('/api/system/newsletterrs_popup_dates', { schema: newsletterPopupResponseSchema }),
  subscribeNewsletter: () => api.post('/api/current_user/send_to_pardot', { schema: okResponseSchema }),
  countries: (signal?: AbortSignal) => api.get('/api/countries.json', { signal, schema: countriesResponseSchema }),
  timeZones: (signal?: AbortSignal) => api.get('/api/time_zones', { signal, schema: timeZonesResponseSchema }),
};
