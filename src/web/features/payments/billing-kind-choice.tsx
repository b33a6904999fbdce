import * as RadioGroup from '@radix-ui/react-radio-group';
import { useId } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { BILLING_KINDS, type BillingKind } from '../../../common/billing-values.ts';
import { RadioDot } from '../../ui/radio-dot.tsx';

/** Individual or company (spec: accounts §3 "Billing"): a radio pair under its label. */
export function BillingKindChoice({ name, value, onChange }: { name: string; value: BillingKind; onChange: (kind: BillingKind) => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="billing-kind">
      <span className="field__label" id={labelId}>
        {t('billing.kind')}
      </span>
      <RadioGroup.Root
        className="billing-kind__options"
        aria-labelledby={labelId}
        name={name}
        value={value}
        onValueChange={(next) => onChange(next as BillingKind)}
      >
        {BILLING_KINDS.map((kind) => (
          <label key={kind} className="billing-kind__option">
            <RadioGroup.Item value={kind} className="radio" data-testid={`billing-kind-${kind}`}>
              <RadioDot />
            </RadioGroup.Item>
            {t(`billing.kinds.${kind}`)}
          </label>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
