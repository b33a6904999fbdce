import type { applicationResponseSchema, vacanciesResponseSchema, vacancySchema } from '../../../common/careers.ts';
import { api } from '../../lib/api.ts';
import type { Answer } from '../../lib/api-client.ts';

/** The careers calls (src/server/modules/careers/routes.ts), typed by the shared contracts. */
export const careersApi = {
  vacancies: (signal?: AbortSignal) => api.get<Answer<typeof vacanciesResponseSchema>>('/api/careers', { signal }),
  vacancy: (id: string, signal?: AbortSignal) =>
    api.get<Answer<typeof vacancySchema>>(`/api/careers/${encodeURIComponent(id)}`, { signal }),
  /** The application form with its files, as multipart/form-data. */
  apply: (id: number, form: FormData) =>
    api.post<Answer<typeof applicationResponseSchema>>(`/api/careers/${id}/applications`, { body: form }),
};

/** Query keys: per language, as the answers are in it. */
export const CAREERS_KEYS = {
  vacancies: (locale: string) => ['careers', 'vacancies', locale] as const,
  vacancy: (locale: string, id: string) => ['careers', 'vacancy', locale, id] as const,
};
