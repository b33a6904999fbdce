import { NOTIFY_EMAIL, type SavedSearch } from '../../../common/saved-searches.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Checkbox } from '../../ui/checkbox.tsx';
import { SelectField } from '../../ui/field.tsx';

/** How a user hears of a saved search's new matches. */
export type Alerts = Pick<SavedSearch, 'notify_in_app' | 'notify_email' | 'notify_push' | 'notify_webhook'>;
export const DEFAULT_ALERTS: Alerts = { notify_in_app: true, notify_email: 'off', notify_push: false, notify_webhook: false };

/** The four ways to hear, as the save dialog and the saved searches page both ask them. */
export function AlertChoices({ value, onChange }: { value: Alerts; onChange: (next: Alerts) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="alert-choices" data-testid="alert-choices">
      <legend className="alert-choices__legend">{t('savedSearches.howToHear')}</legend>
      <Checkbox
        checked={value.notify_in_app}
        onCheckedChange={(checked) => onChange({ ...value, notify_in_app: checked })}
        label={t('savedSearches.inApp')}
        description={t('savedSearches.inAppHint')}
        testId="alert-in-app"
      />
      <SelectField
        label={t('savedSearches.email')}
        value={value.notify_email}
        options={NOTIFY_EMAIL.map((choice) => ({ value: choice, label: t(`savedSearches.email_${choice}`) }))}
        onChange={(event) => onChange({ ...value, notify_email: event.target.value as Alerts['notify_email'] })}
        data-testid="alert-email"
      />
      <Checkbox
        checked={value.notify_push}
        onCheckedChange={(checked) => onChange({ ...value, notify_push: checked })}
        label={t('savedSearches.push')}
        description={t('savedSearches.pushHint')}
        testId="alert-push"
      />
      <Checkbox
        checked={value.notify_webhook}
        onCheckedChange={(checked) => onChange({ ...value, notify_webhook: checked })}
        label={t('savedSearches.webhook')}
        description={t('savedSearches.webhookHint')}
        testId="alert-webhook"
      />
    </fieldset>
  );
}
