import { useTranslation } from '../../lib/translation.ts';
import { BASKET_MAX } from '../../../common/catalogue-values.ts';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { selection, useSelection, type Picked } from './selection-store.ts';

/** A card's tick box: picks the video for the selection bar (issue 28). */
export function SelectBox({ video }: { video: Picked }) {
  const { t } = useTranslation();
  const picked = useSelection().some((candidate) => candidate.id === video.id);
  return (
    <label className={picked ? 'select-box select-box--picked' : 'select-box'}>
      <input
        type="checkbox"
        className="select-box__input"
        checked={picked}
        onChange={() => {
          if (!selection.toggle(video))
            notifications.notify({ type: 'error', children: t('catalogue.selectionFull', { count: BASKET_MAX }) });
        }}
        aria-label={t('catalogue.select', { title: video.title })}
        data-testid="select-video"
      />
    </label>
  );
}
