import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { AdminVacancy } from '../../../../common/careers.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { CAREERS_DESK_KEYS, careersDeskApi } from './api.ts';
import { CareersNav } from './careers-nav.tsx';
import { VacancyForm, type VacancyDraft } from './vacancy-form.tsx';
import './desk-careers.css';

/**
 * /{locale}/desk/careers/vacancies/new and /{locale}/desk/careers/vacancies/{id} (sales role): a
 * vacancy written in the four languages, saved as a draft, published or unpublished.
 */
export function VacancyPage() {
  const { t } = useTranslation();
  const { locale = 'en', id } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const vacancyId = id === undefined || id === 'new' ? null : Number(id);
  const vacancies = useQuery({
    queryKey: CAREERS_DESK_KEYS.vacancies,
    queryFn: ({ signal }) => careersDeskApi.vacancies(signal),
    enabled: vacancyId !== null,
  });
  const vacancy = vacancyId === null ? null : vacancies.data?.vacancies.find((row) => row.id === vacancyId);
  const save = useMutation({
    mutationFn: (draft: VacancyDraft) =>
      vacancyId === null ? careersDeskApi.createVacancy(draft) : careersDeskApi.changeVacancy(vacancyId, draft),
    onSuccess: (saved: AdminVacancy, draft) => {
      client.setQueryData<{ vacancies: AdminVacancy[] }>(CAREERS_DESK_KEYS.vacancies, (old) =>
        old ? { vacancies: [saved, ...old.vacancies.filter((row) => row.id !== saved.id)] } : old,
      );
      void client.invalidateQueries({ queryKey: CAREERS_DESK_KEYS.vacancies });
      const said = vacancyId !== null && draft.published === vacancy?.published ? 'saved' : draft.published ? 'published' : 'draft';
      notifications.notify({ type: 'success', children: t(`deskCareers.vacancy.${said}`) });
      if (vacancyId === null) void navigate(`/${locale}/desk/careers/vacancies/${saved.id}`, { replace: true });
    },
  });

  return (
    <section className="desk-careers" data-testid="desk-vacancy">
      <CareersNav />
      <h1>{vacancy ? vacancy.translations.en.title : t('deskCareers.vacancy.new')}</h1>
      {vacancy ? (
        <p className="desk-careers__hint" data-testid="vacancy-state">
          {t(vacancy.published ? 'deskCareers.vacancies.published' : 'deskCareers.vacancies.draft')}
        </p>
      ) : null}
      {vacancyId === null || vacancy ? (
        <VacancyForm
          key={`${vacancy?.id ?? 'new'}-${vacancy?.updated_at ?? ''}`}
          vacancy={vacancy ?? null}
          pending={save.isPending}
          error={save.error}
          onSubmit={(draft) => save.mutate(draft)}
        />
      ) : vacancies.isError ? (
        <p role="alert">{errorText(vacancies.error, translateIfExists)}</p>
      ) : vacancies.isSuccess ? (
        <p role="alert">{t('deskCareers.vacancy.notFound')}</p>
      ) : (
        <LoadingFallback label={t('common.loading')} />
      )}
    </section>
  );
}
