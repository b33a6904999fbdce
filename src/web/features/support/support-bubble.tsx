import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { useLocation } from 'react-router';
import { SITE_CONTACTS } from '../../../common/contacts.ts';
import { isDeskPath } from '../../../common/desk-routes.ts';
import { stripLocale } from '../../../common/locales.ts';
import { phoneLink } from '../../../common/links.ts';
import type { SiteVariant } from '../../../common/site.ts';
import { feedbackBodySchema, messageBodySchema, type MyConversationResponse, type SupportMessage } from '../../../common/support.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { SUPPORT_KEYS, supportApi, useMyConversation, useSupportChannel } from './support-api.ts';
import './support.css';

type Props = { userId: number | null; variant: SiteVariant };

/** What a failed send says: the field's message for a field error, else the code's text (accounts §8). */
function failureText(t: (key: string) => string, error: unknown): string {
  if (error instanceof ApiError) {
    const fieldItem = error.errors.find((item) => item.field);
    if (fieldItem) return validationText(t, `validation.${fieldItem.code}`) ?? fieldItem.message;
  }
  return errorText(error, translateIfExists);
}

const ChatIcon = () => (
  <svg
    width="26"
    height="26"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
  >
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
  </svg>
);

/**
 * The support bubble at the page's bottom corner (inline end: left in Arabic), fixed so it never
 * moves the page (spec accounts §2). Signed-in users chat with the desk; on the Russian variant it is
 * the feedback bubble: a support link, and the feedback form for visitors (the chat for users).
 */
export function SupportBubble(props: Props) {
  // Not on the desk, whose staff answer the chats there.
  const { pathname } = useLocation();
  if (isDeskPath(stripLocale(pathname))) return null;
  return <Bubble {...props} />;
}

function Bubble({ userId, variant }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const feedback = variant === 'ru';
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="support-bubble" data-testid="support-bubble">
      {open ? (
        <section
          id={panelId}
          className="support-bubble__panel"
          role="dialog"
          aria-labelledby={titleId}
          data-testid="support-panel"
          onKeyDown={(event) => event.key === 'Escape' && close()}
        >
          <header className="support-bubble__header">
            <h2 id={titleId}>{t(feedback ? 'support.feedbackTitle' : 'support.chatTitle')}</h2>
            <button type="button" className="support-bubble__close" onClick={close} aria-label={t('support.close')}>
              ×
            </button>
          </header>
          {feedback ? <SupportLink /> : null}
          {userId !== null ? <ChatThread userId={userId} /> : <FeedbackForm />}
        </section>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        className="support-bubble__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t(feedback ? 'support.feedbackButton' : 'support.chatButton')}
        title={t(feedback ? 'support.feedbackButton' : 'support.chatButton')}
        data-testid="support-button"
        onClick={() => (open ? close() : setOpen(true))}
      >
        <ChatIcon />
        {userId !== null ? <UnreadBadge userId={userId} /> : null}
      </button>
    </div>
  );
}

/** The number of unread replies on the button, kept current by the support channel. */
function UnreadBadge({ userId }: { userId: number }) {
  const { t } = useTranslation();
  useSupportChannel(userId);
  const unread = useMyConversation(userId).data?.conversation?.unread_count ?? 0;
  if (unread === 0) return null;
  return (
    <span className="support-bubble__badge" data-testid="support-unread" aria-label={t('support.unread', { count: unread })}>
      {unread}
    </span>
  );
}

/** The Russian variant's support link: the address and phone the footer shows. */
function SupportLink() {
  const { t } = useTranslation();
  const contacts = SITE_CONTACTS.ru;
  return (
    <p className="support-bubble__link" data-testid="support-link">
      {t('support.supportLink')} <a href={`mailto:${contacts.email}`}>{contacts.email}</a>,{' '}
      <a href={phoneLink(contacts.phone)} dir="ltr">
        {contacts.phone}
      </a>
    </p>
  );
}

function ChatThread({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useMyConversation(userId);
  const conversation = query.data?.conversation ?? null;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A mutation, so a failure is also notified for 5 s (src/web/lib/failure-notice.ts) besides the inline error.
  const sendMessage = useMutation({ mutationFn: supportApi.send });
  const listRef = useRef<HTMLOListElement>(null);
  const unread = conversation?.unread_count ?? 0;

  // The panel is open: what arrives is read.
  useEffect(() => {
    if (unread === 0) return;
    void supportApi
      .read()
      .then(() =>
        queryClient.setQueryData<MyConversationResponse>(SUPPORT_KEYS.conversation(userId), (answer) =>
          answer?.conversation ? { conversation: { ...answer.conversation, unread_count: 0 } } : answer,
        ),
      );
  }, [unread, queryClient, userId]);

  const count = conversation?.messages.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const checked = messageBodySchema.safeParse(draft);
    if (!checked.success) {
      setError(validationText(t, checked.error.issues[0]?.message) ?? t('support.failed'));
      return;
    }
    setError(null);
    try {
      const answer = await sendMessage.mutateAsync(checked.data);
      queryClient.setQueryData<MyConversationResponse>(SUPPORT_KEYS.conversation(userId), answer);
      setDraft('');
    } catch (failure) {
      setError(failureText(t, failure));
    }
  };
  // Ctrl+Enter (or ⌘+Enter) sends; Enter alone starts a new line.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };

  return (
    <form className="support-bubble__chat" onSubmit={(event) => void send(event)} noValidate>
      {query.isError ? <p role="alert">{t('support.loadFailed')}</p> : null}
      {conversation && conversation.messages.length > 0 ? (
        <ol className="support-bubble__messages" ref={listRef} aria-live="polite" data-testid="support-messages">
          {conversation.messages.map((message) => (
            <MessageItem key={message.id} message={message} language={i18n.language} />
          ))}
        </ol>
      ) : (
        <p className="support-bubble__empty">{t('support.chatLead')}</p>
      )}
      {conversation?.status === 'closed' ? <p className="support-bubble__note">{t('support.closed')}</p> : null}
      <label className="support-bubble__label" htmlFor={`support-chat-${userId}`}>
        {t('support.message')}
      </label>
      <textarea
        id={`support-chat-${userId}`}
        className="field__control support-bubble__area"
        rows={3}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        data-testid="support-input"
      />
      {error ? (
        <p className="field__error" role="alert" data-testid="support-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="small" loading={sendMessage.isPending} data-testid="support-send">
        {t('support.send')}
      </Button>
    </form>
  );
}

function MessageItem({ message, language }: { message: SupportMessage; language: string }) {
  const { t } = useTranslation();
  const who = message.author === 'customer' ? t('support.you') : (message.staff_name ?? t('support.team'));
  return (
    <li className={`support-bubble__message support-bubble__message--${message.author}`} data-testid={`support-message-${message.author}`}>
      <span className="support-bubble__meta">
        {who} · {new Date(message.created_at).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })}
      </span>
      <span className="support-bubble__body" dir="auto">
        {message.body}
      </span>
    </li>
  );
}

/** A visitor's feedback: the message and where the answer should go. */
function FeedbackForm() {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ body?: string; email?: string; form?: string }>({});
  const sendFeedback = useMutation({ mutationFn: supportApi.feedback });
  const [sent, setSent] = useState(false);

  if (sent)
    return (
      <div className="support-bubble__sent" role="status" data-testid="feedback-sent">
        <p>{t('support.feedbackSent')}</p>
        <Button
          variant="secondary"
          size="small"
          onClick={() => {
            setSent(false);
            setBody('');
          }}
        >
          {t('support.sendAnother')}
        </Button>
      </div>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = feedbackBodySchema.safeParse({ body, email });
    if (!checked.success) {
      const next: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'email' ? 'email' : 'body';
        next[field] ??= validationText(t, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await sendFeedback.mutateAsync(checked.data);
      setSent(true);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.errors.find((item) => item.field)?.field : undefined;
      setErrors(field === 'email' || field === 'body' ? { [field]: failureText(t, failure) } : { form: failureText(t, failure) });
    }
  };

  return (
    <form className="support-bubble__chat" onSubmit={(event) => void submit(event)} noValidate data-testid="feedback-form">
      <p className="support-bubble__empty">{t('support.feedbackLead')}</p>
      <label className="support-bubble__label" htmlFor="support-feedback-body">
        {t('support.message')}
      </label>
      <textarea
        id="support-feedback-body"
        className="field__control support-bubble__area"
        rows={4}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        aria-invalid={errors.body ? true : undefined}
        data-testid="feedback-body"
      />
      {errors.body ? (
        <p className="field__error" role="alert">
          {errors.body}
        </p>
      ) : null}
      <label className="support-bubble__label" htmlFor="support-feedback-email">
        {t('support.email')}
      </label>
      <input
        id="support-feedback-email"
        className="field__control"
        type="email"
        autoComplete="email"
        dir="ltr"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={errors.email ? true : undefined}
        data-testid="feedback-email"
      />
      {errors.email ? (
        <p className="field__error" role="alert">
          {errors.email}
        </p>
      ) : null}
      {errors.form ? (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" size="small" loading={sendFeedback.isPending} data-testid="feedback-send">
        {t('support.send')}
      </Button>
    </form>
  );
}
