import * as RadioGroup from '@radix-ui/react-radio-group';
import { useTranslation } from '../../lib/translation.ts';
import { useSearchParams } from 'react-router';
import type { CurrentUser } from '../../../common/accounts.ts';
import './mixed-content-panel.css';
import { RadioDot } from '../../ui/radio-dot.tsx';

/**
 * The mixed-content panel (spec: accounts §2, content §2): signed-in users choose English only or
 * English plus other languages; the choice is the with_international_mix search parameter, carried
 * in header links. Hidden for admin_group client_supervisor.
 */
export function MixedContentPanel({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  if (!user || user.admin_group === 'client_supervisor') return null;
  const value = params.get('with_international_mix') === 'false' ? 'english' : 'mix';
  return (
    <div className="mixed-content-band">
      <div className="mixed-content" data-testid="mixed-content-panel">
        <span className="mixed-content__label" id="mixed-content-label">
          {t('catalogue.mix.label')}
        </span>
        <RadioGroup.Root
          className="mixed-content__options"
          aria-labelledby="mixed-content-label"
          value={value}
          onValueChange={(next) => {
            const updated = new URLSearchParams(params);
            updated.set('with_international_mix', next === 'english' ? 'false' : 'true');
            setParams(updated, { replace: true, state: { keepScroll: true } });
          }}
        >
          {(['english', 'mix'] as const).map((option) => (
            <label key={option} className="mixed-content__option">
              <RadioGroup.Item value={option} className="radio" data-testid={`mix-${option}`}>
                <RadioDot />
              </RadioGroup.Item>
              {t(`catalogue.mix.${option}`)}
            </label>
          ))}
        </RadioGroup.Root>
      </div>
    </div>
  );
}
