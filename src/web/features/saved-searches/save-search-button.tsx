import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useSignedIn } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';

const SaveSearchDialog = lazyRetry(() => import('./save-search-entry.ts').then((entry) => entry.loadSaveSearchDialog()));

/** "Save this search" on the search page, for a signed-in user (issue 30); the dialog loads on the click. */
export function SaveSearchButton() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  if (!signedIn) return null;
  return (
    <>
      <Button variant="secondary" size="small" aria-haspopup="dialog" onClick={() => setOpen(true)} data-testid="save-search">
        {t('search.save')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SaveSearchDialog search={params.toString()} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
