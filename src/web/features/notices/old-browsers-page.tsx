import { useTranslation } from '../../lib/translation.ts';
import { Notice } from '../../ui/notice.tsx';

const BROWSERS = ['Chrome', 'Edge', 'Firefox', 'Safari'];

/** Outdated-browser notice (spec: accounts §2). Truly old browsers get public/old-browsers.html. */
export function OldBrowsersPage() {
  const { t } = useTranslation();
  return (
    <Notice
      testId="old-browsers"
      title={t('notices.oldBrowsers.title')}
      text={t('notices.oldBrowsers.text')}
      actions={
        <ul className="notice__browsers">
          {BROWSERS.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      }
    />
  );
}
