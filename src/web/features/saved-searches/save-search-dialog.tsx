import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { SAVED_SEARCH_LIMITS, savedQueryOfSearchPage, savedSearchCreateSchema } from '../../../common/saved-searches.ts';
import { errorText } from '../../lib/api-client.ts';
import { validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { AlertChoices, DEFAULT_ALERTS, type Alerts } from './alert-choices.tsx';
import { SAVED_SEARCHES_KEY, savedSearchesApi } from './api.ts';
import './saved-searches.css';

const nameRule = savedSearchCreateSchema.shape.name;

/**
 * "Save this search" (issue 30): the search page's text and filters under a name, and how to hear
 * of new matches. The search is the page's address as the page reads it (common/saved-searches.ts).
 */
export function SaveSearchDialog({ search, onClose }: { search: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const query = savedQueryOfSearchPage(new URLSearchParams(search));
  const [name, setName] = useState(() => [...(query.search ?? '')].slice(0, SAVED_SEARCH_LIMITS.nameMax).join(''));
  const [alerts, setAlerts] = useState<Alerts>(DEFAULT_ALERTS);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (value: string) => savedSearchesApi.create({ name: value, query, ...alerts }),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
      notifications.notify({
        type: 'success',
        children: t('savedSearches.savedDone', { name: saved.name }),
        buttons: [{ text: t('savedSearches.title'), onClick: () => void navigate(`/${locale}${LINKS.savedSearches}`) }],
      });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameRule.safeParse(name);
    setError(parsed.success ? undefined : validationText(t, parsed.error.issues[0]?.message));
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('savedSearches.saveTitle')}
      description={t('savedSearches.saveLead')}
      size="small"
      testId="save-search-dialog"
    >
      <form className="saved-search-form" onSubmit={submit} noValidate>
        <TextField
          label={t('savedSearches.nameLabel')}
          value={name}
          maxLength={SAVED_SEARCH_LIMITS.nameMax}
          required
          autoFocus
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          data-testid="saved-search-name"
        />
        <AlertChoices value={alerts} onChange={setAlerts} />
        <FormErrors messages={save.error ? [errorText(save.error, translateIfExists)] : []} testId="save-search-errors" />
        <div className="saved-search-form__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('savedSearches.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="save-search-submit">
            {t('savedSearches.saveSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
