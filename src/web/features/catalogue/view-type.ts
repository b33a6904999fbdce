import { useState } from 'react';
import { readCookie } from '../../lib/cookies.ts';
import { setFunctionalCookie } from '../consent/consent-store.ts';
import type { ViewType } from './video-card.tsx';

/**
 * Grid or list (spec: content §2 "Lists"): grid by default; the choice is kept in the
 * list_view_type cookie only when functional cookies are accepted.
 */
export function useViewType(): [ViewType, (view: ViewType) => void] {
  const [view, setView] = useState<ViewType>(() => (readCookie('list_view_type') === 'list' ? 'list' : 'grid'));
  return [
    view,
    (next) => {
      setView(next);
      setFunctionalCookie('list_view_type', next);
    },
  ];
}
