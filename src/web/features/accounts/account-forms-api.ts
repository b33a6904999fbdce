import type { z } from 'zod';
import type {
  accountTransferSchema,
  checkEmailResponseSchema,
  confirmationProfileSchema,
  confirmationTokenStatusSchema,
  currentUserSchema,
  okResponseSchema,
  signUpResponseSchema,
  signUpSchema,
  unconfirmedUserSchema,
} from '../../../common/accounts.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

/**
 * The account calls of the account pages and dialogs (sign-in, sign-up, confirmation, passwords,
 * account transfer), apart from the frame's (api.ts), so the first page carries none of them.
 */
export const accountFormsApi = {
  signIn: (user: { email: string; password: string }) =>
    api.post<Answer<typeof currentUserSchema>>('/users/sign_in.json', { body: { user } }),
  verifyTwoFactor: (token: string) =>
    api.post<Answer<typeof currentUserSchema>>('/api/admin/users/admins/token_verifications', { body: { token } }),
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
  changePassword: (user: { current_password: string; password: string; password_confirmation: string }) =>
    api.patch<Answer<typeof okResponseSchema>>('/api/current_user/password', { body: { user } }),
};
