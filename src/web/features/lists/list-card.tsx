import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import type { List } from '../../../common/lists.ts';
import { LINKS } from '../../../common/routes.ts';
import type { ListModal } from './list-dialogs.tsx';
import { ListMenu } from './list-menu.tsx';

/** Public or private, said in words beside the title. */
export function VisibilityBadge({ list }: { list: List }) {
  const { t } = useTranslation();
  return (
    <span className={`list-badge list-badge--${list.is_public ? 'public' : 'private'}`} data-testid="list-visibility">
      {t(list.is_public ? 'lists.public' : 'lists.private')}
    </span>
  );
}

/** One of the user's lists: the latest video's poster, title, count, public or private, and its menu. */
export function ListCard({ list, onModal }: { list: List; onModal: (modal: ListModal) => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  return (
    <article className="list-card" data-testid="list-card" data-list-id={list.id}>
      <Link to={`/${locale}${LINKS.myList(list.id)}`} className="list-card__link">
        <div className="list-card__media">
          {list.preview_image ? <img src={list.preview_image} alt="" loading="lazy" width={320} height={180} /> : null}
        </div>
        <div className="list-card__body">
          <h2 className="list-card__title" data-testid="list-title-text">
            {list.title}
          </h2>
          <p className="list-card__meta">
            <span data-testid="list-count">{t('lists.videosCount', { count: list.items_count })}</span>
            <VisibilityBadge list={list} />
          </p>
        </div>
      </Link>
      <ListMenu list={list} onModal={onModal} />
    </article>
  );
}
