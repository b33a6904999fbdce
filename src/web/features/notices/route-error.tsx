import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

/** Shown in place of a page that failed to load or render (a chunk that did not arrive, say). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Notice
      testId="route-error"
      title={t('notices.routeError.title')}
      text={t('notices.routeError.text')}
      actions={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
    />
  );
}
