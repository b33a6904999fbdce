import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

/** Maintenance and server-error notice (spec: accounts §2, content §2). */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  return (
    <Notice
      testId="server-error"
      code="503"
      title={t('notices.serverError.title')}
      text={t('notices.serverError.text')}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
          <Link to={`/${locale}`} className={buttonClass('secondary')}>
            {t('common.backHome')}
          </Link>
        </>
      }
    />
  );
}
