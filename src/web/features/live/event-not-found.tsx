import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { buttonClass } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

/** The live-event-not-found page (spec: content §2 "Other screens", §8): an unknown or hidden event. */
export function EventNotFound() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  useScreenMeta(t('live.notFoundTitle'));
  return (
    <Notice
      testId="live-event-not-found"
      code="404"
      title={t('live.notFoundTitle')}
      text={t('live.notFoundText')}
      actions={
        <>
          <Link to={`/${locale}${LINKS.events}`} className={buttonClass()}>
            {t('live.allEvents')}
          </Link>
          <Link to={`/${locale}`} className={buttonClass('secondary')}>
            {t('common.backHome')}
          </Link>
        </>
      }
    />
  );
}
