import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useNavigate, useParams } from 'react-router';
import { LISTS_PER_USER } from '../../../common/lists.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { NotFoundPage } from '../../ui/not-found.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { LISTS_KEY, LISTS_KEYS, listsApi } from './api.ts';
import { ListCard, VisibilityBadge } from './list-card.tsx';
import { type ListModal, ListModalView } from './list-dialogs.tsx';
import { ListMenu } from './list-menu.tsx';
import { ListVideos } from './list-videos.tsx';
import '../catalogue/catalogue.css';
import './lists.css';

/** /{locale}/user/my-lists (spec: content §2 "Lists"): the user's lists, a new one, and each one's menu. */
export function MyListsPage() {
  const { t } = useTranslation();
  const userId = useSignedInUserId();
  const [modal, setModal] = useState<ListModal | null>(null);
  useScreenMeta(t('lists.myListsTitle'));
  const mine = useQuery({ queryKey: LISTS_KEYS.mine(userId), queryFn: ({ signal }) => listsApi.mine(signal) });
  if (mine.isError) throw mine.error;
  if (!mine.data) return <LoadingFallback />;
  const { lists } = mine.data;
  return (
    <div className="page lists-page" data-testid="my-lists-page">
      <header className="lists-page__header">
        <div>
          <h1 className="lists-page__title">{t('lists.myListsTitle')}</h1>
          <p className="lists-page__lead">{t('lists.myListsLead', { count: LISTS_PER_USER })}</p>
        </div>
        <Button onClick={() => setModal({ kind: 'new' })} disabled={lists.length >= LISTS_PER_USER} data-testid="new-list">
          {t('lists.newList')}
        </Button>
      </header>
      {lists.length ? (
        <div className="list-grid" data-testid="list-grid">
          {lists.map((list) => (
            <ListCard key={list.id} list={list} onModal={setModal} />
          ))}
        </div>
      ) : (
        <p className="lists-page__empty" data-testid="lists-empty">
          {t('lists.empty')}
        </p>
      )}
      {modal ? <ListModalView modal={modal} onClose={() => setModal(null)} /> : null}
    </div>
  );
}

/** /{locale}/user/my-lists/{id}: one of the user's lists, its videos, each removable, and the list's menu. */
export function MyListPage() {
  const { t } = useTranslation();
  const { locale = 'en', id = '' } = useParams();
  const navigate = useNavigate();
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const [modal, setModal] = useState<ListModal | null>(null);
  const one = useQuery({ queryKey: LISTS_KEYS.one(id, userId, locale), queryFn: ({ signal }) => listsApi.one(id, signal) });
  const removeVideo = useMutation({
    mutationFn: (videoId: number) => listsApi.removeItems({ item_type: 'video_project', item_id: videoId, list_id: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: LISTS_KEY }),
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  useScreenMeta(one.data?.title);
  // Another's list, even a public one, is not in "my lists": its page is the public one.
  if ((one.error instanceof ApiError && [404, 422].includes(one.error.status)) || (one.data && !one.data.mine)) return <NotFoundPage />;
  if (one.isError) throw one.error;
  if (!one.data) return <LoadingFallback />;
  const list = one.data;
  return (
    <div className="page lists-page" data-testid="my-list-page">
      <p className="lists-page__back">
        <Link to={`/${locale}${LINKS.myLists}`}>{t('lists.backToMyLists')}</Link>
      </p>
      <header className="lists-page__header">
        <div>
          <h1 className="lists-page__title" data-testid="list-heading">
            {list.title}
          </h1>
          <p className="lists-page__lead">
            <span data-testid="list-count">{t('lists.videosCount', { count: list.items_count })}</span> <VisibilityBadge list={list} />
          </p>
        </div>
        <ListMenu list={list} onModal={setModal} />
      </header>
      <ListVideos
        videos={list.content_objects}
        action={(video) => (
          <Button
            variant="secondary"
            size="small"
            className="list-video__remove"
            disabled={removeVideo.isPending}
            onClick={() => removeVideo.mutate(video.id)}
            aria-label={t('lists.removeVideoFrom', { title: video.title })}
            data-testid="remove-video"
          >
            {t('lists.removeVideo')}
          </Button>
        )}
      />
      {modal ? (
        <ListModalView
          modal={modal}
          onClose={(changed) => {
            setModal(null);
            if (changed && modal.kind === 'remove') void navigate(`/${locale}${LINKS.myLists}`);
            if (changed && modal.kind === 'duplicate') void navigate(`/${locale}${LINKS.myList(changed.id)}`);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * /{locale}/lists/{id}: a public list for anyone with its link. A private list is the not-found page
 * (and the shell's 404) to everyone, its owner too, whose page for it is in "my lists".
 */
export function PublicListPage() {
  const { t } = useTranslation();
  const { locale = 'en', id = '' } = useParams();
  const userId = useSignedInUserId();
  const one = useQuery({ queryKey: LISTS_KEYS.one(id, userId, locale), queryFn: ({ signal }) => listsApi.one(id, signal) });
  useScreenMeta(one.data?.is_public ? one.data.title : undefined);
  if ((one.error instanceof ApiError && [404, 422].includes(one.error.status)) || (one.data && !one.data.is_public))
    return <NotFoundPage />;
  if (one.isError) throw one.error;
  if (!one.data) return <LoadingFallback />;
  const list = one.data;
  return (
    <div className="page lists-page" data-testid="public-list-page">
      <header className="lists-page__header">
        <div>
          <p className="lists-page__kicker">{t('lists.sharedList')}</p>
          <h1 className="lists-page__title" data-testid="list-heading">
            {list.title}
          </h1>
          <p className="lists-page__lead" data-testid="list-count">
            {t('lists.videosCount', { count: list.items_count })}
          </p>
        </div>
        {list.mine ? <Link to={`/${locale}${LINKS.myList(list.id)}`}>{t('lists.manageThisList')}</Link> : null}
      </header>
      <ListVideos videos={list.content_objects} />
    </div>
  );
}
