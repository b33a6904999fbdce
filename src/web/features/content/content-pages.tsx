import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import type { contentPageSchema, CONTENT_PAGES } from '../../../common/catalogue.ts';
import { api } from '../../lib/api.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { ApiError, type Answer } from '../../lib/api-client.ts';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import './content.css';

type ContentPageSlug = (typeof CONTENT_PAGES)[number];

/** A table of contents helps from three sections on; shorter pages are read at a glance. */
const TOC_MIN_SECTIONS = 3;
const anchor = (index: number) => `section-${index + 1}`;

/**
 * A content page (spec: content §2, §3 "Content section", §4 "Content page"): the title, then each
 * section as its caption and body. The server sanitises the HTML before it stores and serves it
 * (src/server/modules/catalogue/content-pages.ts, sanitizeContent: no scripts, styles, handlers or
 * foreign schemes), which is why the body and the caption (text with its entities escaped) are set
 * as HTML here.
 */
function ContentPage({ slug }: { slug: ContentPageSlug }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const page = useQuery({
    queryKey: ['content-page', locale, slug],
    queryFn: ({ signal }) => api.get<Answer<typeof contentPageSchema>>(`/api/content/pages/${slug}`, { signal }),
  });
  useScreenMeta(page.data?.title);
  if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundPage />;
  // Anything else is the route error page's to show (reload), not a page that waits for ever.
  if (page.isError) throw page.error;
  if (!page.data) return <LoadingFallback />;
  const { title, sections } = page.data;

  return (
    <div className="page content-page" data-testid={`content-page-${slug}`}>
      <h1 className="content-page__title">{title}</h1>
      {sections.length >= TOC_MIN_SECTIONS ? (
        <nav className="content-toc" aria-labelledby="content-toc-title" data-testid="content-toc">
          <h2 className="content-toc__title" id="content-toc-title">
            {t('content.toc')}
          </h2>
          <ol className="content-toc__list">
            {sections.map((section, index) => (
              <li key={anchor(index)}>
                <a href={`#${anchor(index)}`} dangerouslySetInnerHTML={{ __html: section.caption }} />
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {sections.length === 0 ? <p className="content-page__empty">{t('content.empty')}</p> : null}
      {sections.map((section, index) => (
        <section key={anchor(index)} className="content-section" id={anchor(index)} aria-labelledby={`${anchor(index)}-caption`}>
          <h2 className="content-section__caption" id={`${anchor(index)}-caption`} dangerouslySetInnerHTML={{ __html: section.caption }} />
          <div className="content-section__body" dangerouslySetInnerHTML={{ __html: section.body }} />
        </section>
      ))}
    </div>
  );
}

export function AboutPage() {
  return <ContentPage key="about" slug="about" />;
}

export function TermsOfServicePage() {
  return <ContentPage key="terms-of-service" slug="terms-of-service" />;
}

export function PrivacyPolicyPage() {
  return <ContentPage key="privacy-policy" slug="privacy-policy" />;
}

export function CookiePolicyPage() {
  return <ContentPage key="cookie-policy" slug="cookie-policy" />;
}

export function ImpressumPage() {
  return <ContentPage key="impressum" slug="impressum" />;
}
