import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { SUPPORT_STATUSES, messageBodySchema, type DeskConversation, type DeskConversationSummary } from '../../../../common/support.ts';
import { errorText } from '../../../lib/api-client.ts';
import { validationText } from '../../../lib/forms.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { SelectField, TextField } from '../../../ui/field.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { AssignmentControls } from '../inbox/assignment-controls.tsx';
import { useAssignees } from '../inbox/inbox-api.ts';
import { useFilterForm } from '../paged-table.tsx';
import { CHAT_KEYS, chatsApi, useChatsChannel, useConversation, useConversations } from './chats-api.ts';
import './chats.css';

type Filters = { q: string; status: string; assignee: string };
const NO_FILTERS: Filters = { q: '', status: '', assignee: '' };

/**
 * /{locale}/desk/chats and /{locale}/desk/chats/:id (sales role): the support inbox, open first and
 * unanswered first, and the chosen conversation with reply and close/reopen; both kept current by
 * the inbox's real-time channel.
 */
export function ChatsPage() {
  const { t } = useTranslation();
  const { locale = 'en', id } = useParams();
  const selected = id ? Number(id) : null;
  const { given, submit, field } = useFilterForm<Filters>(NO_FILTERS);
  const query = useConversations(given);
  const assignees = useAssignees();
  useChatsChannel();
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <section className="desk-chats" data-testid="desk-chats">
      <h1>{t('desk.menu.chats')}</h1>
      <p className="desk__lead">{t('desk.chats.lead')}</p>
      <form className="desk-filters" onSubmit={submit} data-testid="chat-filters">
        <TextField label={t('desk.chats.text')} name="q" {...field('q')} />
        <SelectField
          label={t('desk.chats.status')}
          name="status"
          placeholder={t('desk.chats.anyStatus')}
          options={SUPPORT_STATUSES.map((status) => ({ value: status, label: t(`desk.chats.statuses.${status}`) }))}
          {...field('status')}
        />
        <SelectField
          label={t('desk.inbox.whose')}
          name="assignee"
          placeholder={t('desk.inbox.anyone')}
          options={[
            { value: 'me', label: t('desk.inbox.mine') },
            { value: 'none', label: t('desk.inbox.unassignedOnes') },
            ...(assignees.data ?? []).map((assignee) => ({ value: String(assignee.id), label: assignee.name || assignee.email })),
          ]}
          {...field('assignee')}
          data-testid="chat-assignee-filter"
        />
        <Button type="submit" size="small">
          {t('desk.chats.filter')}
        </Button>
      </form>
      <div className="desk-chats__split">
        <div className="desk-chats__list">
          {query.isPending ? <LoadingFallback label={t('common.loading')} /> : null}
          {query.isError ? <p role="alert">{t('desk.chats.failed')}</p> : null}
          {query.isSuccess && conversations.length === 0 ? <p data-testid="chats-empty">{t('desk.chats.empty')}</p> : null}
          <ul data-testid="chats">
            {conversations.map((conversation) => (
              <ConversationRow key={conversation.id} conversation={conversation} locale={locale} selected={conversation.id === selected} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button variant="secondary" size="small" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {t('desk.chats.more')}
            </Button>
          ) : null}
        </div>
        <div className="desk-chats__view">
          {selected !== null && Number.isInteger(selected) && selected > 0 ? (
            <ConversationView id={selected} />
          ) : (
            <p className="desk-chats__pick">{t('desk.chats.pick')}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function ConversationRow({ conversation, locale, selected }: { conversation: DeskConversationSummary; locale: string; selected: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <li>
      <Link
        to={`/${locale}/desk/chats/${conversation.id}`}
        className={`desk-chats__row${selected ? ' desk-chats__row--selected' : ''}`}
        aria-current={selected ? 'page' : undefined}
        data-testid="chat-row"
        data-unanswered={conversation.unanswered}
      >
        <span className="desk-chats__who" dir="ltr">
          {conversation.customer.email}
        </span>
        <span className="desk-chats__tags">
          <span className={`desk-chats__tag desk-chats__tag--${conversation.status}`}>
            {t(`desk.chats.statuses.${conversation.status}`)}
          </span>
          <span className="desk-chats__tag">{t(`desk.chats.kinds.${conversation.kind}`)}</span>
          {conversation.unanswered ? (
            <span className="desk-chats__tag desk-chats__tag--unanswered">{t('desk.chats.unanswered')}</span>
          ) : null}
          {conversation.assignee ? (
            <span className="desk-chats__tag" data-testid="chat-row-assignee">
              {conversation.assignee.name || conversation.assignee.email}
            </span>
          ) : null}
        </span>
        <span className="desk-chats__excerpt" dir="auto">
          {conversation.last_message.body}
        </span>
        <span className="desk-chats__at">{new Date(conversation.last_message.created_at).toLocaleString(i18n.language)}</span>
      </Link>
    </li>
  );
}

function ConversationView({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useConversation(id);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A mutation, so a failure is also notified for 5 s (src/web/lib/failure-notice.ts) besides the inline error.
  const action = useMutation({ mutationFn: (call: () => Promise<DeskConversation>) => call() });
  const busy = action.isPending;
  const listRef = useRef<HTMLOListElement>(null);
  const count = query.data?.messages.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  if (query.isPending) return <LoadingFallback label={t('common.loading')} />;
  if (query.isError) return <p role="alert">{errorText(query.error, translateIfExists)}</p>;
  const conversation = query.data;

  const settle = (answer: DeskConversation) => {
    queryClient.setQueryData(CHAT_KEYS.conversation(id), answer);
    void queryClient.invalidateQueries({ queryKey: ['desk', 'chats', 'list'] });
  };
  const act = async (call: () => Promise<DeskConversation>) => {
    setError(null);
    try {
      settle(await action.mutateAsync(call));
      return true;
    } catch (failure) {
      setError(errorText(failure, translateIfExists));
      return false;
    }
  };
  const reply = async (event: FormEvent) => {
    event.preventDefault();
    const checked = messageBodySchema.safeParse(draft);
    if (!checked.success) {
      setError(validationText(t, checked.error.issues[0]?.message) ?? t('desk.chats.replyFailed'));
      return;
    }
    if (await act(() => chatsApi.reply(id, checked.data))) setDraft('');
  };
  const closed = conversation.status === 'closed';

  return (
    <article className="desk-chats__conversation" data-testid="chat-conversation">
      <header className="desk-chats__head">
        <div>
          <h2 dir="ltr">{conversation.customer.email}</h2>
          <p className="desk-chats__about">
            {[
              conversation.customer.name,
              t(`desk.chats.kinds.${conversation.kind}`),
              t(`desk.chats.statuses.${conversation.status}`),
              conversation.locale.toUpperCase(),
              conversation.site_variant,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <Button
          variant="secondary"
          size="small"
          loading={busy}
          onClick={() => void act(() => chatsApi.setStatus(id, closed ? 'open' : 'closed'))}
          data-testid={closed ? 'chat-reopen' : 'chat-close'}
        >
          {t(closed ? 'desk.chats.reopen' : 'desk.chats.close')}
        </Button>
      </header>
      <AssignmentControls
        key={conversation.id}
        assignee={conversation.assignee}
        deskNote={conversation.desk_note}
        onChange={async (change) => settle(await chatsApi.assign(id, change))}
        testId="chat-assignment"
      />
      <ol className="desk-chats__messages" ref={listRef} aria-live="polite" data-testid="chat-messages">
        {conversation.messages.map((message) => (
          <li
            key={message.id}
            className={`desk-chats__message desk-chats__message--${message.author}`}
            data-testid={`chat-message-${message.author}`}
          >
            <span className="desk-chats__meta">
              {message.author === 'customer' ? t('desk.chats.customer') : (message.staff_name ?? t('desk.chats.staff'))} ·{' '}
              {new Date(message.created_at).toLocaleString(i18n.language)}
            </span>
            <span className="desk-chats__body" dir="auto">
              {message.body}
            </span>
          </li>
        ))}
      </ol>
      <form className="desk-chats__reply" onSubmit={(event) => void reply(event)} noValidate>
        <label htmlFor="desk-chat-reply" className="field__label">
          {t(conversation.kind === 'feedback' ? 'desk.chats.replyByMail' : 'desk.chats.reply')}
        </label>
        <textarea
          id="desk-chat-reply"
          className="field__control desk-chats__area"
          rows={4}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-invalid={error ? true : undefined}
          data-testid="chat-reply-input"
        />
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="small" loading={busy} data-testid="chat-reply-send">
          {t('desk.chats.send')}
        </Button>
      </form>
    </article>
  );
}
