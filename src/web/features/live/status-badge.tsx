import { useTranslation } from '../../lib/translation.ts';
import type { LiveEventStatus } from '../../../common/live.ts';

/** An event's status in the reader's language; live stands out (spec: content §4 "Live event status"). */
export function StatusBadge({ status }: { status: LiveEventStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`live-badge live-badge--${status}`} data-testid="event-status" data-status={status}>
      {t(`live.status_${status}`)}
    </span>
  );
}
