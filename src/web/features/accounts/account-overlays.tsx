import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import type { CurrentUser, ReleaseNote } from '../../../common/accounts.ts';
import type { Locale } from '../../../common/locales.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { accountsApi } from './api.ts';
import { newsletterCookie, newsletterPopupDue, rememberNewsletterPopup } from './newsletter-prompt.ts';
import { useSignOut } from './sign-out.ts';
import { storeCurrentUser } from './use-current-user.ts';
import { useVisitPrompt } from './visit-prompt.ts';
import './accounts.css';

/** Mandatory, full-screen terms acceptance (spec: accounts §4 "Terms"): accept reloads the user, reject signs out. */
function TermsScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const terms = useQuery({ queryKey: ['terms'], queryFn: ({ signal }) => accountsApi.terms(signal) });
  const accept = useMutation({ mutationFn: () => accountsApi.acceptTerms(), onSuccess: (user) => storeCurrentUser(client, user) });
  const signOut = useSignOut();
  return (
    <Dialog
      open
      onOpenChange={() => undefined}
      dismissible={false}
      size="full"
      title={t('accounts.terms.title')}
      testId="terms-screen"
      footer={
        <>
          <Button variant="secondary" loading={signOut.isPending} onClick={() => signOut.mutate()} data-testid="terms-reject">
            {t('accounts.terms.reject')}
          </Button>
          <Button loading={accept.isPending} onClick={() => accept.mutate()} data-testid="terms-accept">
            {t('accounts.terms.accept')}
          </Button>
        </>
      }
    >
      {terms.data ? (
        <div className="terms-screen__content">
          {/* The terms are HTML written by the platform's editors and stored on the server. */}
          <div dangerouslySetInnerHTML={{ __html: terms.data.popup_content }} />
          <div dangerouslySetInnerHTML={{ __html: terms.data.content }} />
        </div>
      ) : null}
    </Dialog>
  );
}

function noteText(note: ReleaseNote, locale: Locale) {
  return { title: note[`title_${locale}`] || note.title_en, text: note[`text_${locale}`] || note.text_en };
}

/** Shown when the latest published note is not among the user's accepted ones (spec: accounts §4). */
function ReleaseNotesDialog({ note, locale }: { note: ReleaseNote; locale: Locale }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => accountsApi.acceptReleaseNote(note.id),
    onSuccess: (user) => storeCurrentUser(client, user),
  });
  const { title, text } = noteText(note, locale);
  const open = useVisitPrompt(`release-note:${note.id}`, true);
  return (
    <Dialog
      open={open}
      onOpenChange={() => undefined}
      dismissible={false}
      title={title}
      testId="release-notes-dialog"
      footer={
        <Button loading={accept.isPending} onClick={() => accept.mutate()} data-testid="release-notes-accept">
          {t('accounts.releaseNotes.accept')}
        </Button>
      }
    >
      <p className="release-notes__eyebrow">{t('accounts.releaseNotes.eyebrow')}</p>
      <p>{text}</p>
    </Dialog>
  );
}

/** The newsletter opt-in popup, at most every 90 days for a user who is not subscribed (newsletter-prompt.ts). */
function NewsletterPopup() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const profile = useQuery({ queryKey: ['profile'], queryFn: ({ signal }) => accountsApi.profile(signal) });
  const [open, setOpen] = useState(false);
  const recorded = useRef(false);
  const subscribed = profile.data?.newsletter ?? true;
  const shownAt = profile.data?.newsletter_popup_shown_at ?? null;
  const [due, setDue] = useState(false);
  const mayOpen = useVisitPrompt('newsletter', due);

  useEffect(() => {
    // Not on top of the page while it loads.
    const timer = setTimeout(() => {
      setDue(newsletterPopupDue({ subscribed, shownAt, cookie: newsletterCookie(), now: Date.now() }));
    }, 2000);
    return () => clearTimeout(timer);
  }, [subscribed, shownAt]);
  useEffect(() => {
    if (!mayOpen || recorded.current) return;
    recorded.current = true;
    setOpen(true);
    rememberNewsletterPopup(new Date());
    void accountsApi.newsletterPopupShown();
  }, [mayOpen]);

  const subscribe = useMutation({
    mutationFn: () => accountsApi.subscribeNewsletter(),
    onSuccess: async () => {
      setOpen(false);
      notifications.notify({ type: 'success', children: t('accounts.newsletter.subscribed') });
      await client.invalidateQueries({ queryKey: ['profile'] });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="small"
      title={t('accounts.newsletter.title')}
      description={t('accounts.newsletter.lead')}
      testId="newsletter-popup"
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('accounts.newsletter.later')}
          </Button>
          <Button loading={subscribe.isPending} onClick={() => subscribe.mutate()} data-testid="newsletter-subscribe">
            {t('accounts.newsletter.subscribe')}
          </Button>
        </>
      }
    />
  );
}

/**
 * One step at a time for a signed-in user: the terms (mandatory), then at most one prompt per visit,
 * the release note or else the newsletter invitation (visit-prompt.ts).
 */
export function AccountOverlays({ user, locale }: { user: CurrentUser | null; locale: Locale }) {
  const note = useQuery({
    queryKey: ['release_note', 'latest'],
    queryFn: ({ signal }) => accountsApi.latestReleaseNote(signal),
    enabled: user !== null && user.terms_accepted,
    staleTime: 5 * 60_000,
  });
  if (!user) return null;
  if (!user.terms_accepted) return <TermsScreen />;
  if (note.isPending) return null;
  if (note.data?.published && !(String(note.data.id) in user.accepted_release_notes))
    return <ReleaseNotesDialog note={note.data} locale={locale} />;
  return <NewsletterPopup />;
}
