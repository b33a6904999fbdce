import { Suspense, useState } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { BasketDialog } from './basket-dialog.tsx';
import { selection, useSelection } from './selection-store.ts';
import './selection.css';

const AddToListDialog = lazyRetry(() => import('../lists/add-to-list-entry.ts').then((entry) => entry.loadAddToListDialog()));

/**
 * The bar of what is picked (issue 28): how many, add them to a list, download them in one
 * rendition as a basket, or clear the pick. Fixed at the foot of the window: nothing moves.
 */
export function SelectionBar() {
  const { t } = useTranslation();
  const picked = useSelection();
  const [open, setOpen] = useState<'list' | 'basket' | null>(null);
  return (
    <div className="selection-bar" role="region" aria-label={t('download.basket.bar')} data-testid="selection-bar">
      <p className="selection-bar__count" data-testid="selection-count" aria-live="polite">
        {t('download.basket.selected', { count: picked.length })}
      </p>
      <div className="selection-bar__actions">
        <Button variant="secondary" size="small" onClick={() => setOpen('list')} data-testid="selection-add-to-list">
          {t('catalogue.addToList')}
        </Button>
        <Button size="small" onClick={() => setOpen('basket')} data-testid="selection-download">
          {t('download.basket.download')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => selection.clear()} data-testid="selection-clear">
          {t('download.basket.clear')}
        </Button>
      </div>
      {open === 'list' ? (
        <Suspense fallback={null}>
          <AddToListDialog videoIds={picked.map((video) => video.id)} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
      {open === 'basket' ? <BasketDialog videos={picked} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
