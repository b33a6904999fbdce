import { useTranslation } from '../lib/translation.ts';
import './loading.css';

/** Shown while a page's code or data loads (spec: accounts §2, "fallback loading view"). */
export function LoadingFallback({ label }: { label?: string }) {
  return (
    <div className="loading-fallback" role="status" aria-live="polite" data-testid="loading-fallback">
      <span className="loading-fallback__spinner" aria-hidden />
      <span className="visually-hidden">{label ?? 'Loading…'}</span>
    </div>
  );
}

/** The same, for places where the catalogues are loaded. */
export function TranslatedLoadingFallback() {
  const { t } = useTranslation();
  return <LoadingFallback label={t('common.loading')} />;
}

/** A thin bar at the top while the router loads the next page. */
export function LoadingBar({ active }: { active: boolean }) {
  return <div className={`loading-bar${active ? ' loading-bar--active' : ''}`} aria-hidden data-testid="loading-bar" />;
}
