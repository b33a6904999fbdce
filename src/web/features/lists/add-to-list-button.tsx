import { Suspense, useState } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useTranslation } from '../../lib/translation.ts';

const AddToListDialog = lazyRetry(() => import('./add-to-list-entry.ts').then((entry) => entry.loadAddToListDialog()));

/**
 * "Add to list" (spec: content §2 "Lists") on a video card, or with its label on the video page.
 * The dialog loads on the first click; the button's style is the card's (catalogue.css).
 */
export function AddToListButton({ videoId, labelled }: { videoId: number; labelled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('catalogue.addToList');
  return (
    <>
      <button
        type="button"
        className={labelled ? 'list-add list-add--labelled' : 'list-add'}
        aria-label={labelled ? undefined : label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="add-to-list"
      >
        {/* The "+" is drawn by catalogue.css: the visible text is then the name, or part of it. */}
        {labelled ? label : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AddToListDialog videoIds={[videoId]} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
