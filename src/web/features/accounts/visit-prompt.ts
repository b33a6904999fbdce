import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The release note and the newsletter invitation are prompts: at most one of them per visit (a
 * browser tab's session, reloads included), and never over something the user is doing — another
 * dialog or an open menu, a form being filled in, a request on its way (docs/decisions.md, "One prompt per visit").
 */
const VISIT_PROMPT_KEY = 'newsreel.visit_prompt';

export type Activity = { overlayOpen: boolean; typing: boolean; saving: boolean };

/** Whether prompt `id` may open: the visit's prompt is free or is this one, and the user is idle. */
export function mayOpenPrompt(id: string, shownThisVisit: string | null, activity: Activity): boolean {
  if (shownThisVisit !== null && shownThisVisit !== id) return false;
  return !activity.overlayOpen && !activity.typing && !activity.saving;
}

const FORM_FIELD = 'input, textarea, select, [contenteditable="true"]';

function currentActivity(saving: boolean): Activity {
  return {
    // Another dialog, or an open menu: a prompt opening then would close the menu under the user's pointer.
    overlayOpen: document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null,
    typing: document.activeElement?.matches(FORM_FIELD) ?? false,
    saving,
  };
}

/**
 * True once prompt `id` may open; it then holds the visit's prompt. While the user is busy, it looks
 * again every half second.
 */
export function useVisitPrompt(id: string, wanted: boolean): boolean {
  const saving = useIsMutating() > 0;
  const [granted, setGranted] = useState(false);
  useEffect(() => {
    if (!wanted || granted) return;
    const look = () => {
      if (!mayOpenPrompt(id, sessionStorage.getItem(VISIT_PROMPT_KEY), currentActivity(saving))) return false;
      sessionStorage.setItem(VISIT_PROMPT_KEY, id);
      setGranted(true);
      return true;
    };
    if (look()) return;
    const timer = setInterval(() => {
      if (look()) clearInterval(timer);
    }, 500);
    return () => clearInterval(timer);
  }, [id, wanted, granted, saving]);
  return wanted && granted;
}
