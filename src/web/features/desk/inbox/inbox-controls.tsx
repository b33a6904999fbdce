import { useState } from 'react';
import type { Assignee, InboxChange } from '../../../../common/desk-inbox.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import '../../../ui/field.css';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { AssignmentControls } from './assignment-controls.tsx';
import './inbox.css';

type Props<S extends string> = {
  state: S;
  moves: Record<S, readonly S[]>;
  stateLabel: (state: S) => string;
  assignee: Assignee | null;
  deskNote: string;
  /** The states whose move is mailed to the customer, with the desk's message. */
  toldStates: readonly S[];
  /** Sends the change; the caller puts the saved item in its list. */
  onChange: (change: InboxChange<S>) => Promise<unknown>;
  testId: string;
};

/**
 * An inbox item's desk controls (issue 29): its state and the moves left (a move the customer is
 * told of asks for the message first), who has it (anyone on the sales desk, or take it yourself),
 * and the desk's own note. Every change names the state seen, so a move made meanwhile is refused.
 */
export function InboxControls<S extends string>({ state, moves, stateLabel, assignee, deskNote, toldStates, onChange, testId }: Props<S>) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState<S | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(change: InboxChange<S>, done: string) {
    setBusy(true);
    try {
      await onChange(change);
      notifications.notify({ type: 'success', children: done });
      return true;
    } catch (error) {
      notifications.notify({ type: 'error', children: errorText(error, translateIfExists) });
      return false;
    } finally {
      setBusy(false);
    }
  }
  const move = (next: S, message?: string) =>
    send({ state: next, from: state, ...(message ? { message } : {}) }, t('desk.inbox.moved', { state: stateLabel(next) }));

  return (
    <div className="inbox-controls" data-testid={testId}>
      <div className="inbox-controls__row">
        <span className="status-badge" data-status={state} data-testid={`${testId}-state`}>
          {stateLabel(state)}
        </span>
        {moves[state].map((next) => (
          <Button
            key={next}
            size="small"
            variant={next === 'declined' || next === 'canceled' ? 'red' : 'secondary'}
            disabled={busy}
            onClick={() => (toldStates.includes(next) ? setMoving(next) : void move(next))}
            data-testid={`${testId}-move-${next}`}
          >
            {t('desk.inbox.moveTo', { state: stateLabel(next) })}
          </Button>
        ))}
      </div>
      <AssignmentControls assignee={assignee} deskNote={deskNote} onChange={onChange} testId={testId} />
      {moving ? (
        <MessageDialog
          title={t('desk.inbox.moveTo', { state: stateLabel(moving) })}
          busy={busy}
          testId={`${testId}-message`}
          onClose={() => setMoving(null)}
          onSend={async (message) => {
            if (await move(moving, message)) setMoving(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** The message the customer is mailed with a move they are told of. */
function MessageDialog(props: { title: string; busy: boolean; testId: string; onClose: () => void; onSend: (message: string) => void }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || props.busy ? undefined : props.onClose())}
      title={props.title}
      description={t('desk.inbox.messageText')}
      size="small"
      testId={props.testId}
      footer={
        <>
          <Button variant="secondary" disabled={props.busy} onClick={props.onClose}>
            {t('desk.inbox.cancel')}
          </Button>
          <Button loading={props.busy} onClick={() => props.onSend(message.trim())} data-testid={`${props.testId}-send`}>
            {t('desk.inbox.send')}
          </Button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={`${props.testId}-text`} className="field__label">
          {t('desk.inbox.message')}
        </label>
        <textarea
          id={`${props.testId}-text`}
          className="field__control"
          rows={4}
          maxLength={4000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          data-testid={`${props.testId}-text`}
        />
      </div>
    </Dialog>
  );
}
