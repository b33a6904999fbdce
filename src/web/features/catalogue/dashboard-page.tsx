import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { buttonClass } from '../../ui/button.tsx';
import { LicenceIcon, LiveIcon, PlayIcon } from '../../ui/icons.tsx';
import './dashboard.css';

const PILLARS = [
  { id: 'vod', icon: PlayIcon, path: LINKS.videos },
  { id: 'live', icon: LiveIcon, path: LINKS.events },
  { id: 'licences', icon: LicenceIcon, path: LINKS.plans },
] as const;

const STEPS = ['find', 'license', 'download'] as const;

/**
 * Dashboard at /{locale}. Until the catalogue lands (live banners, feed, trending, tags), it
 * presents what the platform offers and how licensing works.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  return (
    <div className="dashboard" data-testid="dashboard">
      <section className="dashboard__hero">
        <div className="dashboard__hero-inner">
          <p className="dashboard__eyebrow">
            <span className="dashboard__live-dot" aria-hidden />
            {t('dashboard.eyebrow')}
          </p>
          <h1 className="dashboard__title">{t('dashboard.title')}</h1>
          <p className="dashboard__lead">{t('dashboard.lead')}</p>
          <div className="dashboard__actions">
            <Link to={`/${locale}${LINKS.videos}`} className={buttonClass('primary')}>
              {t('dashboard.browse')}
            </Link>
            <Link to={`/${locale}${LINKS.plans}`} className={buttonClass('secondary')}>
              {t('dashboard.seePlans')}
            </Link>
          </div>
          <dl className="dashboard__facts">
            {(['formats', 'qualities', 'containers'] as const).map((fact) => (
              <div key={fact} className="dashboard__fact">
                <dt>{t(`dashboard.facts.${fact}.label`)}</dt>
                <dd>{t(`dashboard.facts.${fact}.value`)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="page">
        <section aria-labelledby="pillars-title">
          <h2 id="pillars-title" className="dashboard__section-title">
            {t('dashboard.pillarsTitle')}
          </h2>
          <div className="dashboard__pillars">
            {PILLARS.map(({ id, icon: Icon, path }) => (
              <Link key={id} to={`/${locale}${path}`} className="dashboard__pillar">
                <span className="dashboard__pillar-icon">
                  <Icon />
                </span>
                <h3>{t(`dashboard.pillars.${id}.title`)}</h3>
                <p>{t(`dashboard.pillars.${id}.text`)}</p>
              </Link>
            ))}
          </div>
        </section>

        <section aria-labelledby="steps-title" className="dashboard__steps-section">
          <h2 id="steps-title" className="dashboard__section-title">
            {t('dashboard.stepsTitle')}
          </h2>
          <ol className="dashboard__steps">
            {STEPS.map((step, index) => (
              <li key={step} className="dashboard__step">
                <span className="dashboard__step-number">{index + 1}</span>
                <div>
                  <h3>{t(`dashboard.steps.${step}.title`)}</h3>
                  <p>{t(`dashboard.steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
