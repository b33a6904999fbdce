import { useTranslation } from '../../lib/translation.ts';

/** Word mark: a red "live" square and the brand name. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden>
        <rect width="32" height="32" rx="6" fill="var(--color-breaking)" />
        <path d="M12 9.5v13l11-6.5z" fill="#fff" />
      </svg>
      <span className="logo__name">{t('brand.name')}</span>
    </span>
  );
}
