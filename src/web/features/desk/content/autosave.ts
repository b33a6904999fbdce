import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorItem } from '../../../../common/errors.ts';
import type { ContentItem } from '../../../../common/newsroom-desk.ts';
import type { ContentFields } from '../../../../common/newsroom.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { contentApi } from './api.ts';

/** Where the form's words are: saved, waiting to be saved, on their way, refused, or behind another editor's save. */
export type SaveState =
  | { kind: 'saved' }
  | { kind: 'dirty' }
  | { kind: 'saving' }
  | { kind: 'invalid'; errors: ApiErrorItem[] }
  | { kind: 'conflict'; currentVersion: number; savedBy: string; changedFields: string[] }
  | { kind: 'failed' };

/** Quiet time after the last keystroke before a save goes: a save per pause, not per key. */
export const AUTOSAVE_DELAY_MS = 700;

/**
 * The describe form's save-as-you-type (issue 24 "Describe"): the fields changed since the last
 * save go with the version the editor has; the answer's version is the next one's. Another editor's
 * save in between is a conflict (409) the editor resolves: take theirs (reload) or keep theirs and
 * save mine over it (the current version named by the 409).
 */
export function useAutosave(item: ContentItem, onSaved: (item: ContentItem) => void) {
  const [fields, setFields] = useState<ContentFields>(item.fields);
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const version = useRef(item.version);
  const pending = useRef<Partial<ContentFields>>({});
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const blocked = useRef(false);
  // The save itself, for timers set before it existed (a save schedules the next one).
  const saveLater = useRef<() => void>(() => undefined);

  const save = useCallback(async (): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    if (blocked.current || Object.keys(pending.current).length === 0) return;
    const sent = pending.current;
    pending.current = {};
    setState({ kind: 'saving' });
    const run = contentApi
      .save(item.id, { version: version.current, fields: sent })
      .then((saved) => {
        version.current = saved.version;
        onSaved(saved);
        setState(Object.keys(pending.current).length ? { kind: 'dirty' } : { kind: 'saved' });
      })
      .catch((error: unknown) => {
        pending.current = { ...sent, ...pending.current };
        if (!(error instanceof ApiError)) return setState({ kind: 'failed' });
        const conflict = error.errors.find((entry) => entry.code === 'version_conflict');
        if (error.status === 409 && conflict) {
          blocked.current = true;
          return setState({
            kind: 'conflict',
            currentVersion: Number(conflict.meta?.current_version ?? version.current),
            savedBy: conflict.meta?.saved_by ?? '',
            changedFields: (conflict.meta?.changed_fields ?? '').split(',').filter(Boolean),
          });
        }
        setState(error.status === 422 ? { kind: 'invalid', errors: error.errors } : { kind: 'failed' });
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = run;
    await run;
    if (Object.keys(pending.current).length && !blocked.current && timer.current === null)
      timer.current = setTimeout(() => saveLater.current(), AUTOSAVE_DELAY_MS);
  }, [item.id, onSaved]);
  useEffect(() => {
    saveLater.current = () => void save();
  }, [save]);

  const change = useCallback(
    (patch: Partial<ContentFields>) => {
      setFields((current) => ({ ...current, ...patch }));
      Object.assign(pending.current, patch);
      if (blocked.current) return;
      setState({ kind: 'dirty' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    },
    [save],
  );

  /** The conflict resolved by taking the other editor's story: my unsaved words are dropped. */
  const takeTheirs = useCallback(async () => {
    const latest = await contentApi.item(item.id);
    pending.current = {};
    blocked.current = false;
    version.current = latest.version;
    setFields(latest.fields);
    onSaved(latest);
    setState({ kind: 'saved' });
  }, [item.id, onSaved]);

  /** The conflict resolved by saving my changed fields over the current version. */
  const keepMine = useCallback(async () => {
    if (state.kind !== 'conflict') return;
    version.current = state.currentVersion;
    blocked.current = false;
    await save();
  }, [save, state]);

  // Whatever is typed is saved when the page is left.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (Object.keys(pending.current).length && !blocked.current)
        void contentApi.save(item.id, { version: version.current, fields: pending.current }).catch(() => undefined);
    },
    [item.id],
  );

  return { fields, state, change, flush: save, takeTheirs, keepMine };
}
