import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { MyContentEntities } from '../../../common/downloads.ts';
import { LINKS } from '../../../common/routes.ts';
import { formatNumber } from '../../lib/money.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { MY_CONTENT_KEYS, myContentApi } from './api.ts';
import { LoadFailure } from './load-failure.tsx';
import { formatMoment, nextPage } from './my-content-view.ts';
import { Operations } from './operations.tsx';
import { StatsReport } from './stats-report.tsx';

type DownloadedItem = MyContentEntities['entities'][number];

/**
 * The downloaded items (spec: accounts §2, §7 "My content"): every video the user downloaded, last
 * downloaded first, 12 a page with "Load more"; each opens its download history, where every
 * download can carry the user's comment. The whole history exports as a CSV file.
 */
export function DownloadedItems() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const items = useInfiniteQuery({
    queryKey: MY_CONTENT_KEYS.downloadedItems(locale),
    queryFn: ({ pageParam, signal }) => myContentApi.downloadedItems(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
  const toggle = (videoId: number) =>
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(videoId)) after.add(videoId);
      return after;
    });

  const entities = items.data?.pages.flatMap((page) => page.entities) ?? [];
  let body;
  if (items.isError && !items.data) body = <LoadFailure error={items.error} onRetry={() => void items.refetch()} />;
  else if (!items.data) body = <LoadingFallback label={t('common.loading')} />;
  else if (entities.length === 0)
    body = (
      <div className="my-content__empty" data-testid="downloaded-items-empty">
        <p>{t('myContent.downloadedEmpty')}</p>
        <Link className={buttonClass('secondary', 'small')} to={`/${locale}${LINKS.videos}`}>
          {t('myContent.browseVideos')}
        </Link>
      </div>
    );
  else
    body = (
      <>
        <ul className="downloaded-items">
          {entities.map((item) => (
            <DownloadedItemCard key={item.video.id} item={item} open={open.has(item.video.id)} onToggle={() => toggle(item.video.id)} />
          ))}
        </ul>
        {items.hasNextPage ? (
          <div className="my-content__more">
            <Button
              variant="secondary"
              loading={items.isFetchingNextPage}
              onClick={() => void items.fetchNextPage()}
              data-testid="downloaded-items-more"
            >
              {t('myContent.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <section className="my-content__section" aria-labelledby="downloaded-items-title" data-testid="downloaded-items">
      <div className="my-content__section-head">
        <div>
          <h2 id="downloaded-items-title">{t('myContent.downloadedTitle')}</h2>
          {items.data && entities.length > 0 ? (
            <p className="my-content__note">
              {t('myContent.itemsCount', {
                count: items.data.pages[0]?.count ?? 0,
                formatted: formatNumber(items.data.pages[0]?.count ?? 0, locale),
              })}
            </p>
          ) : null}
        </div>
        <StatsReport />
      </div>
      {body}
    </section>
  );
}

function DownloadedItemCard({ item, open, onToggle }: { item: DownloadedItem; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const timeZone = useTimeZone();
  const { video } = item;
  const historyId = `download-history-${video.id}`;
  return (
    <li className={`downloaded-item${open ? ' downloaded-item--open' : ''}`} data-testid="downloaded-item">
      <div className="downloaded-item__summary">
        <div className="downloaded-item__poster">
          <img src={video.selected_preview_image} alt="" loading="lazy" width={320} height={180} />
        </div>
        <div className="downloaded-item__body">
          <h3 className="downloaded-item__title" lang={video.language} dir="auto">
            <Link to={`/${locale}${LINKS.video(video.project_slug)}`} data-testid="downloaded-item-link">
              {video.title}
            </Link>
          </h3>
          {item.content_state === 'killed' || item.content_state === 'corrected' ? (
            <p
              className={`downloaded-item__state downloaded-item__state--${item.content_state}`}
              role={item.content_state === 'killed' ? 'alert' : undefined}
              data-testid="downloaded-item-state"
              data-state={item.content_state}
            >
              <strong>{t(`myContent.contentState.${item.content_state}`)}</strong> {t(`myContent.contentState.${item.content_state}Text`)}
            </p>
          ) : null}
          <p className="downloaded-item__facts">
            <span data-testid="downloaded-item-count">
              {t('myContent.downloadsCount', { count: item.downloads_count, formatted: formatNumber(item.downloads_count, locale) })}
            </span>
            <span>{t('myContent.lastDownloaded', { moment: formatMoment(item.last_downloaded_at, locale, timeZone) })}</span>
          </p>
          <Button
            className="downloaded-item__toggle"
            variant="secondary"
            size="small"
            aria-expanded={open}
            aria-controls={open ? historyId : undefined}
            onClick={onToggle}
            data-testid="downloaded-item-toggle"
          >
            {open ? t('myContent.hideHistory') : t('myContent.showHistory')}
          </Button>
        </div>
      </div>
      {open ? <Operations id={historyId} videoId={video.id} /> : null}
    </li>
  );
}
