import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation.ts';
import { PagesPart } from './pages-part.tsx';
import { ReleaseNotesPart } from './release-notes.tsx';
import { TermsPart } from './terms-part.tsx';
import './site.css';

const PARTS = ['notes', 'terms', 'pages'] as const;
type Part = (typeof PARTS)[number];

/**
 * /{locale}/desk/site (sales role, issue 29): what the site says beside the catalogue — release
 * notes, the terms of service and the content pages, each written in the four languages. One part
 * at a time, named in the address (`?part=`), so a link or a reload opens the same one. Alert bars
 * are the newsroom desk's (/desk/alerts).
 */
export function SitePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('part');
  const part: Part = PARTS.find((candidate) => candidate === asked) ?? 'notes';
  return (
    <section className="desk-site" data-testid="desk-site">
      <h1>{t('desk.menu.site')}</h1>
      <nav className="site-parts" aria-label={t('deskSite.parts')}>
        {PARTS.map((name) => (
          <Link
            key={name}
            to={`?part=${name}`}
            className="site-parts__link"
            aria-current={name === part ? 'page' : undefined}
            data-testid={`site-part-${name}`}
          >
            {t(`deskSite.partNames.${name}`)}
          </Link>
        ))}
      </nav>
      {part === 'notes' ? <ReleaseNotesPart /> : part === 'terms' ? <TermsPart /> : <PagesPart />}
    </section>
  );
}
