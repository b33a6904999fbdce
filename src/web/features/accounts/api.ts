import type {
  CurrentUser,
  currentUserSchema,
  latestReleaseNoteResponseSchema,
  newsletterPopupResponseSchema,
  okResponseSchema,
  profileSchema,
  ProfileUpdate,
  termsOfServiceSchema,
} from '../../../common/accounts.ts';
import type { countriesResponseSchema, timeZonesResponseSchema } from '../../../common/reference.ts';
import { SIGNED_IN_COOKIE } from '../../../common/signed-in-cookie.ts';
import { api } from '../../lib/api.ts';
import { deleteCookie, readCookie } from '../../lib/cookies.ts';
import { ApiError, type Answer } from '../../lib/api-client.ts';

/** The account calls of spec: accounts §7 ("Session"), typed by the shared contracts. */
export const accountsApi = {
  /**
   * The signed-in user, or null for a visitor. Without the signed-in hint nobody is signed in in
   * this browser, and the server is not asked (its answer would be a 401). A 401 is an answer here,
   * not a failure: the session has ended, and the hint goes unless a sign-in has renewed it since.
   */
  currentUser: async (signal?: AbortSignal): Promise<CurrentUser | null> => {
    const hint = readCookie(SIGNED_IN_COOKIE);
    if (hint === null) return null;
    try {
      return await api.get<Answer<typeof currentUserSchema>>('/api/current_user', { signal });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) throw error;
      if (readCookie(SIGNED_IN_COOKIE) === hint) deleteCookie(SIGNED_IN_COOKIE);
      return null;
    }
  },
  signOut: () => api.delete<void>('/users/sign_out.json'),
  profile: (signal?: AbortSignal) => api.get<Answer<typeof profileSchema>>('/api/current_user/profile', { signal }),
  updateProfile: (user: ProfileUpdate) => api.patch<Answer<typeof currentUserSchema>>('/api/current_user', { body: { user } }),
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
