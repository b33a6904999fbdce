import { useState } from 'react';
import type { Assignee, AssignmentChange } from '../../../../common/desk-inbox.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useSignedInUserId } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import '../../../ui/field.css';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { useAssignees } from './inbox-api.ts';
import './inbox.css';

type Props = {
  assignee: Assignee | null;
  deskNote: string;
  /** Sends the change; the caller puts the saved item in its list. */
  onChange: (change: AssignmentChange) => Promise<unknown>;
  testId: string;
};

/**
 * Who at the desk has an inbox item (anyone on the sales desk, or take it yourself) and the desk's
 * own note: every inbox's items and the chats (issue 29).
 */
export function AssignmentControls({ assignee, deskNote, onChange, testId }: Props) {
  const { t } = useTranslation();
  const me = useSignedInUserId();
  const assignees = useAssignees();
  const [note, setNote] = useState(deskNote);
  const [busy, setBusy] = useState(false);
  async function send(change: AssignmentChange, done: string) {
    setBusy(true);
    try {
      await onChange(change);
      notifications.notify({ type: 'success', children: done });
    } catch (error) {
      notifications.notify({ type: 'error', children: errorText(error, translateIfExists) });
    } finally {
      setBusy(false);
    }
  }
  const options = assignees.data ?? [];
  return (
    <>
      <div className="inbox-controls__row">
        <label className="field__label" htmlFor={`${testId}-assignee`}>
          {t('desk.inbox.assignee')}
        </label>
        <select
          id={`${testId}-assignee`}
          className="field__control inbox-controls__assignee"
          value={assignee?.id ?? ''}
          disabled={busy || assignees.isPending}
          onChange={(event) => {
            const id = event.target.value === '' ? null : Number(event.target.value);
            const who = options.find((option) => option.id === id);
            void send({ assignee_id: id }, who ? t('desk.inbox.assigned', { name: who.name || who.email }) : t('desk.inbox.unassigned'));
          }}
          data-testid={`${testId}-assignee`}
        >
          <option value="">{t('desk.inbox.nobody')}</option>
          {/* Someone no longer on the sales desk still shows while they hold it. */}
          {assignee && !options.some((option) => option.id === assignee.id) ? (
            <option value={assignee.id}>{assignee.name || assignee.email}</option>
          ) : null}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.id === me ? t('desk.inbox.me', { name: option.name || option.email }) : option.name || option.email}
            </option>
          ))}
        </select>
        {me !== null && assignee?.id !== me && options.some((option) => option.id === me) ? (
          <Button
            size="small"
            variant="ghost"
            disabled={busy}
            onClick={() => void send({ assignee_id: me }, t('desk.inbox.taken'))}
            data-testid={`${testId}-take`}
          >
            {t('desk.inbox.take')}
          </Button>
        ) : null}
      </div>
      <div className="inbox-controls__note">
        <label className="field__label" htmlFor={`${testId}-note`}>
          {t('desk.inbox.note')}
        </label>
        <textarea
          id={`${testId}-note`}
          className="field__control"
          rows={2}
          maxLength={4000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          data-testid={`${testId}-note`}
        />
        <Button
          size="small"
          variant="secondary"
          disabled={busy || note.trim() === deskNote.trim()}
          onClick={() => void send({ desk_note: note }, t('desk.inbox.noteSaved'))}
          data-testid={`${testId}-note-save`}
        >
          {t('desk.inbox.saveNote')}
        </Button>
      </div>
    </>
  );
}
