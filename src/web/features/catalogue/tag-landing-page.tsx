import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { Tag, tagLandingResponseSchema } from '../../../common/catalogue.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { signInHref, useSignedIn } from '../../lib/session.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { CATALOGUE_KEYS, catalogueApi } from './api.ts';
import { formatCount } from './format.ts';
import { LivesSection, useLivePages } from './live-strip.tsx';
import { useLiveEventsAfterFirstLoad } from './live-updates.ts';
import { LoadMore } from './load-more.tsx';
import { VideoGrid } from './video-card.tsx';
import { ViewToggle } from './view-toggle.tsx';
import { useViewType } from './view-type.ts';
import './catalogue.css';
import './video-page.css';
import { LANDING_SORTS, type LandingSort } from '../../../common/catalogue-values.ts';
import { SelectField } from '../../ui/field.tsx';

type TagLanding = z.infer<typeof tagLandingResponseSchema>;
type LandingKey = ReturnType<typeof CATALOGUE_KEYS.tagLanding>;

/**
 * /{locale}/landing/{id}, id being the tag's slug (spec: content §2, §3 "Tag landing"): the tag's
 * live events, kept current by the live-events channel (§4), then its videos in pages of 12, "load
 * more" appending.
 */
/** The sort named in the address, newest when none or an unknown one. */
function landingSortOf(value: string | null): LandingSort {
  return (LANDING_SORTS as readonly string[]).includes(value ?? '') ? (value as LandingSort) : 'newest';
}

export function TagLandingPage() {
  const { t } = useTranslation();
  const { locale = 'en', id = '' } = useParams();
  const livePages = useLivePages();
  const [view, setView] = useViewType();
  const [params, setParams] = useSearchParams();
  const sort = landingSortOf(params.get('sort'));
  const queryKey = CATALOGUE_KEYS.tagLanding(locale, id, sort);
  const landing = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => catalogueApi.tagLanding(id, pageParam, sort, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
  const live = useLiveEventsAfterFirstLoad();
  useScreenMeta(landing.data?.pages[0]?.tag.name);
  if (landing.error instanceof ApiError && landing.error.status === 404) return <NotFoundPage />;
  const first = landing.data?.pages[0];
  // A failed first page is the route error page's to show; a failed later page keeps what is shown.
  if (landing.isError && !first) throw landing.error;
  if (!first) return <LoadingFallback />;
  const videos = landing.data?.pages.flatMap((page) => page.videos) ?? [];
  const { tag } = first;

  return (
    <div className="page tag-landing" data-testid="tag-landing" data-live={live}>
      <header className="tag-landing__header">
        <img className="tag-landing__image" src={tag.image.url} alt="" width={320} height={180} />
        <div className="tag-landing__text">
          <p className="tag-landing__eyebrow">{t('tagLanding.eyebrow')}</p>
          <h1 className="tag-landing__title">#{tag.name}</h1>
          <p className="tag-landing__count" data-testid="tag-videos-count">
            {t('tagLanding.count', { formatted: formatCount(first.videos_count, locale) })}
          </p>
        </div>
        <div className="tag-landing__actions">
          <FollowButton tag={tag} queryKey={queryKey} />
          <SelectField
            label={t('catalogue.filters.sort')}
            value={sort}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (event.target.value === 'newest') next.delete('sort');
              else next.set('sort', event.target.value);
              setParams(next, { replace: true });
            }}
            options={LANDING_SORTS.map((value) => ({ value, label: t(`catalogue.sort.${value}`) }))}
            data-testid="tag-landing-sort"
          />
          <ViewToggle view={view} onChange={setView} />
        </div>
      </header>
      {first.lives_count > 0 && livePages ? (
        <LivesSection lives={first.lives} count={first.lives_count} locale={locale} title={t('tagLanding.lives')} testId="tag-lives" />
      ) : null}
      <section aria-live="polite">
        <VideoGrid videos={videos} view={view} emptyText={t('tagLanding.empty')} headingLevel={2} />
        <LoadMore pages={landing} />
      </section>
    </div>
  );
}

/** The tag's live events (every page of the landing carries them; the first's are shown), above its videos. */
/** Following a tag is a call (spec: content §4 "Following"); signed out, the button leads to sign-in and back. */
function FollowButton({ tag, queryKey }: { tag: Tag; queryKey: LandingKey }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const signedIn = useSignedIn();
  const client = useQueryClient();
  const follow = useMutation({
    mutationFn: (next: boolean) => catalogueApi.follow(tag.slug, next),
    // The landing answer is cached for a minute, so a refetch could bring back the old flag: set it here.
    onSuccess: (_answer, next) =>
      client.setQueryData<InfiniteData<TagLanding>>(queryKey, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, tag: { ...page.tag, followed: next } })) } : data,
      ),
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });

  if (!signedIn)
    return (
      <Link className={buttonClass('secondary')} to={signInHref(locale, location.pathname + location.search)} data-testid="follow-tag">
        {t('tagLanding.follow')}
      </Link>
    );
  return (
    <Button
      variant={tag.followed ? 'secondary' : 'primary'}
      aria-pressed={tag.followed}
      loading={follow.isPending}
      onClick={() => follow.mutate(!tag.followed)}
      data-testid="follow-tag"
    >
      {t(tag.followed ? 'tagLanding.following' : 'tagLanding.follow')}
    </Button>
  );
}
