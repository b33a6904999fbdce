import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { ALL_ACCEPTED, CONSENT_CATEGORIES, type Consent } from './consent.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: Consent;
  onSave: (consent: Consent) => void;
};

/** Cookie settings: strictly necessary is always on; the other three are the user's choice. */
export function ConsentDialog({ open, onOpenChange, initial, onSave }: Props) {
  const { t } = useTranslation();
  // Mounted only while open (see CookieBanner), so each opening starts from the stored choice.
  const [choice, setChoice] = useState<Consent>(initial);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cookies.dialogTitle')}
      description={t('cookies.dialogText')}
      testId="cookie-settings"
      footer={
        <>
          <Button variant="secondary" size="small" onClick={() => onSave(ALL_ACCEPTED)}>
            {t('cookies.acceptAll')}
          </Button>
          <Button size="small" onClick={() => onSave(choice)}>
            {t('cookies.save')}
          </Button>
        </>
      }
    >
      <div className="consent-options">
        {CONSENT_CATEGORIES.map((category) => (
          <Checkbox
            key={category}
            name={category}
            testId={`consent-${category}`}
            checked={category === 'necessary' || choice[category]}
            disabled={category === 'necessary'}
            onCheckedChange={(checked) => setChoice((prev) => ({ ...prev, [category]: checked }))}
            label={
              <>
                {t(`cookies.${category}.title`)}
                {category === 'necessary' ? <span className="consent-options__always">{t('cookies.necessary.alwaysOn')}</span> : null}
              </>
            }
            description={t(`cookies.${category}.text`)}
          />
        ))}
      </div>
    </Dialog>
  );
}
