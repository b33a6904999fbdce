import { useTranslation } from '../../lib/translation.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';

/** A part of the page that could not load: what went wrong, and a way to ask again. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="my-content__failure" role="alert">
      <p>{errorText(error, translateIfExists)}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {t('myContent.retry')}
      </Button>
    </div>
  );
}
