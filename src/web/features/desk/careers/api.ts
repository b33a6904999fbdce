import type { AdminVacancy, VacancyInput } from '../../../../common/careers.ts';
import type { CareerApplicationChange, DeskCareerApplication } from '../../../../common/desk-careers.ts';
import type { Locale } from '../../../../common/locales.ts';
import type { VacancyTexts } from '../../../../common/careers.ts';
import { api } from '../../../lib/api.ts';
import type { QueryValue } from '../../../lib/api-client.ts';

/** Query keys of the careers desk; under 'desk', so sign-out forgets them with the rest. */
export const CAREERS_DESK_KEYS = {
  vacancies: ['desk', 'careers', 'vacancies'] as const,
  applicationsAll: ['desk', 'careers', 'applications'] as const,
  applications: (query: Record<string, QueryValue>) => ['desk', 'careers', 'applications', query] as const,
};

/** A change of a vacancy: the languages given replace theirs (common/careers.ts vacancyChangesBodySchema). */
export type VacancyChange = {
  translations?: Partial<Record<Locale, VacancyTexts>>;
  employment_type?: VacancyInput['employment_type'];
  published?: boolean;
};

/** The careers desk's calls: the vacancies (/api/admin/careers) and the applications inbox (/api/desk/career_applications). */
export const careersDeskApi = {
  vacancies: (signal?: AbortSignal) => api.get<{ vacancies: AdminVacancy[] }>('/api/admin/careers', { signal }),
  createVacancy: (vacancy: VacancyInput) => api.post<AdminVacancy>('/api/admin/careers', { body: { vacancy } }),
  changeVacancy: (id: number, vacancy: VacancyChange) => api.patch<AdminVacancy>(`/api/admin/careers/${id}`, { body: { vacancy } }),
  /** The filters as the address holds them: `state`, `assignee` (`me`, `none`, an id), `vacancy_id`. */
  applications: (query: Record<string, string>, signal?: AbortSignal) =>
    api.get<{ applications: DeskCareerApplication[] }>('/api/desk/career_applications', { query, signal }),
  changeApplication: (id: number, change: CareerApplicationChange) =>
    api.patch<DeskCareerApplication>(`/api/desk/career_applications/${id}`, { body: change }),
};
