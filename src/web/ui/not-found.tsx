import { useTranslation } from '../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { useScreenMeta } from '../lib/page-meta.ts';
import { buttonClass } from './button.tsx';
import { Notice } from './notice.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  useScreenMeta(t('titles.notFound'));
  return (
    <Notice
      testId="not-found"
      code="404"
      title={t('notices.notFound.title')}
      text={t('notices.notFound.text')}
      actions={
        <Link to={`/${locale}`} className={buttonClass()}>
          {t('common.backHome')}
        </Link>
      }
    />
  );
}
