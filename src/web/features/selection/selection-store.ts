import { useSyncExternalStore } from 'react';
import { BASKET_MAX } from '../../../common/catalogue-values.ts';

/** A video picked on a card: its id, and the title the basket's rows show. */
export type Picked = { id: number; title: string };

type Listener = () => void;

/**
 * The videos picked on cards and search results (issue 28, "select several videos and act on them
 * at once"), outside React so any card can pick and the bar can read. Kept for the visit while
 * moving between lists; at most a basket's worth.
 */
function createSelection() {
  let picked: readonly Picked[] = [];
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => picked,
    has: (id: number) => picked.some((video) => video.id === id),
    /** Picks or unpicks; answers false when the basket is full and nothing was picked. */
    toggle(video: Picked): boolean {
      if (picked.some((candidate) => candidate.id === video.id)) picked = picked.filter((candidate) => candidate.id !== video.id);
      else if (picked.length >= BASKET_MAX) return false;
      else picked = [...picked, video];
      emit();
      return true;
    },
    clear() {
      if (picked.length === 0) return;
      picked = [];
      emit();
    },
  };
}

export const selection = createSelection();

export function useSelection(): readonly Picked[] {
  return useSyncExternalStore(
    (listener) => selection.subscribe(listener),
    () => selection.snapshot(),
    () => selection.snapshot(),
  );
}
