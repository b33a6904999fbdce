import { Suspense } from 'react';
import { lazyRetry } from '../../lib/lazy-retry.ts';
import { useSelection } from './selection-store.ts';

const SelectionBar = lazyRetry(() => import('./selection-entry.ts').then((entry) => entry.loadSelectionBar()));

/** The selection bar, loaded once something is picked: the list pages carry none of its code before. */
export function SelectionBarOnDemand() {
  const picked = useSelection();
  if (picked.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SelectionBar />
    </Suspense>
  );
}
