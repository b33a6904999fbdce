import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { CAREERS_KEYS, careersApi } from './api.ts';
import { ApplicationForm } from './application-form.tsx';
import { VacancyFacts } from './vacancy-facts.tsx';
import './careers.css';

/** The description's blocks: paragraphs, and lists where every line starts with "- ". */
function blocksOf(text: string): ({ kind: 'list'; items: string[] } | { kind: 'text'; lines: string[] })[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0)
    .flatMap((lines) => {
      const items = lines.filter((line) => line.startsWith('- '));
      if (items.length === 0) return [{ kind: 'text' as const, lines }];
      const lead = lines.filter((line) => !line.startsWith('- '));
      return [
        ...(lead.length > 0 ? [{ kind: 'text' as const, lines: lead }] : []),
        { kind: 'list' as const, items: items.map((line) => line.slice(2)) },
      ];
    });
}

/**
 * /{locale}/career/{id} (spec: content §1, §2 "Careers"): the vacancy and its application form;
 * once sent, the success screen in its place.
 */
export function VacancyPage() {
  const { t } = useTranslation();
  const { locale = 'en', id = '' } = useParams();
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const vacancy = useQuery({
    queryKey: CAREERS_KEYS.vacancy(locale, id),
    queryFn: ({ signal }) => careersApi.vacancy(id, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  useScreenMeta(vacancy.data?.title, vacancy.data?.summary);
  if (vacancy.error instanceof ApiError && (vacancy.error.status === 404 || vacancy.error.status === 422)) return <NotFoundPage />;
  if (vacancy.isError) throw vacancy.error;
  if (!vacancy.data) return <LoadingFallback />;
  const job = vacancy.data;

  return (
    <div className="page vacancy-page" data-testid="vacancy-page">
      <p className="vacancy-page__back">
        <Link to={`/${locale}${LINKS.career}`}>{t('careers.back')}</Link>
      </p>
      <header className="vacancy-page__header">
        <h1 className="vacancy-page__title">{job.title}</h1>
        <VacancyFacts vacancy={job} />
      </header>
      <div className="vacancy-page__body">
        <article className="vacancy-page__description">
          {job.summary ? <p className="vacancy-page__summary">{job.summary}</p> : null}
          {blocksOf(job.description).map((block, index) =>
            block.kind === 'list' ? (
              <ul key={index}>
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : (
              <p key={index}>{block.lines.join(' ')}</p>
            ),
          )}
        </article>
        <section className="vacancy-page__apply" aria-labelledby="apply-heading">
          {sent ? (
            <div className="application-sent" role="status" data-testid="application-sent">
              <h2 id="apply-heading" className="vacancy-page__apply-title">
                {t('careers.sent.title', { name: sent.name })}
              </h2>
              <p>{t('careers.sent.text', { title: job.title })}</p>
              <p>
                {t('careers.sent.mail')} <bdi dir="ltr">{sent.email}</bdi>
              </p>
              <Link to={`/${locale}${LINKS.career}`}>{t('careers.sent.more')}</Link>
            </div>
          ) : (
            <>
              <h2 id="apply-heading" className="vacancy-page__apply-title">
                {t('careers.form.title')}
              </h2>
              <ApplicationForm
                vacancyId={job.id}
                locale={locale}
                onSent={(applicant) => {
                  setSent(applicant);
                  document.getElementById('apply-heading')?.scrollIntoView({ block: 'start' });
                }}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
