import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '../../lib/translation.ts';
import { duplicateTitle, newListBodySchema, type List } from '../../../common/lists.ts';
import { errorText } from '../../lib/api-client.ts';
import { validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { LISTS_KEY, listsApi } from './api.ts';
import { copyLink, shareLink } from './share-link.ts';

/**
 * The modals of spec: content §2 "Lists" (new list, rename list, duplicate), the removal's
 * confirmation, and sharing a private list, which makes it public (issue 28: asked first).
 */
export type ListModal = { kind: 'new' } | { kind: 'rename' | 'duplicate' | 'remove' | 'share'; list: List };

const titleRule = newListBodySchema.shape.list.shape.title;

/** One modal with a title field: new list, rename list or duplicate. */
function TitleDialog({ modal, onClose }: { modal: Exclude<ListModal, { kind: 'remove' | 'share' }>; onClose: (made?: List) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const initial = modal.kind === 'new' ? '' : modal.kind === 'rename' ? modal.list.title : duplicateTitle(modal.list.title);
  const [title, setTitle] = useState(initial);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (value: string) =>
      modal.kind === 'rename'
        ? listsApi.change(modal.list.id, { title: value })
        : listsApi.create({ title: value, ...(modal.kind === 'duplicate' ? { duplicate_of: modal.list.id } : {}) }),
    onSuccess: async (list) => {
      await client.invalidateQueries({ queryKey: LISTS_KEY });
      notifications.notify({ type: 'success', children: t(`lists.${modal.kind}Done`, { title: list.title }) });
      onClose(list);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = titleRule.safeParse(title);
    setError(parsed.success ? undefined : validationText(t, parsed.error.issues[0]?.message));
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(`lists.${modal.kind}Title`)}
      description={modal.kind === 'duplicate' ? t('lists.duplicateLead') : undefined}
      size="small"
      testId={`${modal.kind}-list-dialog`}
    >
      <form className="list-form" onSubmit={submit} noValidate>
        <TextField
          label={t('lists.titleLabel')}
          value={title}
          maxLength={100}
          required
          autoFocus
          error={error}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="list-title"
        />
        <FormErrors messages={save.error ? [errorText(save.error, translateIfExists)] : []} testId="list-form-errors" />
        <div className="list-form__actions">
          <Button type="button" variant="secondary" onClick={() => onClose()}>
            {t('lists.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="list-submit">
            {t(`lists.${modal.kind}Submit`)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Remove, once confirmed. */
function RemoveDialog({ list, onClose }: { list: List; onClose: (removed?: List) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: () => listsApi.remove(list.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: LISTS_KEY });
      notifications.notify({ type: 'success', children: t('lists.removeDone', { title: list.title }) });
      onClose(list);
    },
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('lists.removeTitle')}
      description={t('lists.removeLead', { title: list.title })}
      size="small"
      testId="remove-list-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose()}>
            {t('lists.cancel')}
          </Button>
          <Button variant="red" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="remove-list-confirm">
            {t('lists.removeSubmit')}
          </Button>
        </>
      }
    />
  );
}

/**
 * Sharing a private list: its link is a 404 to anyone else until it is public, so the dialog says so
 * and makes it public only when confirmed, then copies the link. Cancel leaves it private.
 */
function ShareDialog({ list, onClose }: { list: List; onClose: (changed?: List) => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  const share = useMutation({
    mutationFn: () => listsApi.change(list.id, { is_public: true }),
    onSuccess: async (changed) => {
      await client.invalidateQueries({ queryKey: LISTS_KEY });
      await copyLink({ copied: t('lists.linkCopied'), copyFailed: t('lists.copyLinkBelow') }, shareLink(locale, changed));
      onClose(changed);
    },
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('lists.shareTitle')}
      description={t('lists.shareLead', { title: list.title })}
      size="small"
      testId="share-list-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose()} data-testid="share-list-cancel">
            {t('lists.cancel')}
          </Button>
          <Button loading={share.isPending} onClick={() => share.mutate()} data-testid="share-list-confirm">
            {t('lists.shareSubmit')}
          </Button>
        </>
      }
    />
  );
}

export function ListModalView({ modal, onClose }: { modal: ListModal; onClose: (changed?: List) => void }) {
  if (modal.kind === 'remove') return <RemoveDialog list={modal.list} onClose={onClose} />;
  if (modal.kind === 'share') return <ShareDialog list={modal.list} onClose={onClose} />;
  return <TitleDialog modal={modal} onClose={onClose} />;
}
