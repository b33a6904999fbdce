import { useTranslation } from '../../lib/translation.ts';
import type { ViewType } from './video-card.tsx';

export function ViewToggle({ view, onChange }: { view: ViewType; onChange: (view: ViewType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="view-toggle" role="group" aria-label={t('catalogue.view.label')}>
      {(['grid', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className="view-toggle__button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          data-testid={`view-${option}`}
        >
          {t(`catalogue.view.${option}`)}
        </button>
      ))}
    </div>
  );
}
