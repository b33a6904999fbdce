import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { PlanningSectionSummary } from '../../../common/planning.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { agreementsApi } from './api.ts';
import { AGREEMENT_KEYS, planningAccessQuery } from './queries.ts';
import './plan-details.css';

/**
 * /{locale}/user/planning (spec: accounts §2, §6, §7 System): the planning sections the user may
 * read, each with its body. The menu shows the item only when the access check has no error; a
 * user who opens the address without access is told which plans include planning.
 */
export function PlanningPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const access = useQuery(planningAccessQuery(useSignedInUserId(), locale));
  const sections = access.data?.sections ?? [];
  const bodies = useQueries({
    queries: sections.map((section) => ({
      queryKey: AGREEMENT_KEYS.planningSection(section.id, locale),
      queryFn: ({ signal }: { signal?: AbortSignal }) => agreementsApi.planningSection(section.id, signal),
    })),
  });
  useScreenMeta(t('planning.title'));
  if (access.error instanceof ApiError && access.error.status === 403) return <NoPlanningAccess locale={locale} />;
  if (access.isError) throw access.error;
  // The page shows once every body has answered, so it does not grow under the reader.
  if (!access.data || bodies.some((body) => body.isPending)) return <LoadingFallback />;
  return (
    <div className="page planning" data-testid="planning-page">
      <h1>{t('planning.title')}</h1>
      <p className="planning__lead">{t('planning.lead')}</p>
      {sections.length >= 2 ? (
        <nav className="planning__toc" aria-labelledby="planning-toc-title">
          <h2 className="planning__toc-title" id="planning-toc-title">
            {t('planning.contents')}
          </h2>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#planning-${section.slug}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {sections.map((section, index) => (
        <PlanningSectionView key={section.id} section={section} body={bodies[index]?.data?.body} />
      ))}
    </div>
  );
}

/**
 * A section's body is HTML written by the newsroom and served like a content page's (trusted,
 * docs/decisions.md "Planning"), so it is set as HTML.
 */
function PlanningSectionView({ section, body }: { section: PlanningSectionSummary; body: string | undefined }) {
  const { t } = useTranslation();
  return (
    <section
      id={`planning-${section.slug}`}
      className="planning-section"
      aria-labelledby={`planning-${section.slug}-title`}
      data-testid={`planning-section-${section.slug}`}
    >
      <h2 className="planning-section__title" id={`planning-${section.slug}-title`}>
        {section.title}
      </h2>
      {body !== undefined ? (
        <div className="planning-section__body" dangerouslySetInnerHTML={{ __html: body }} />
      ) : (
        <p className="planning-section__error">{t('planning.unavailable')}</p>
      )}
    </section>
  );
}

function NoPlanningAccess({ locale }: { locale: string }) {
  const { t } = useTranslation();
  return (
    <div className="page planning" data-testid="planning-denied">
      <h1>{t('planning.title')}</h1>
      <p className="planning__lead">{t('errors.planning_access_denied')}</p>
      <Link className={buttonClass()} to={`/${locale}${LINKS.plans}`}>
        {t('planning.seePlans')}
      </Link>
    </div>
  );
}
