import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation.ts';
import { useParams } from 'react-router';
import type { List } from '../../../common/lists.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { LISTS_KEY, listsApi } from './api.ts';
import type { ListModal } from './list-dialogs.tsx';
import { copyLink, shareLink } from './share-link.ts';

/**
 * A list's menu (spec: content §2 "Lists"): rename, duplicate, make public or private, share (a
 * private list must be made public first, as its link is a 404 to others: the share dialog asks
 * before it does) or copy link, remove.
 */
export function ListMenu({ list, onModal }: { list: List; onModal: (modal: ListModal) => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  const texts = { copied: t('lists.linkCopied'), copyFailed: t('lists.copyLinkBelow') };
  const publish = useMutation({
    mutationFn: (isPublic: boolean) => listsApi.change(list.id, { is_public: isPublic }),
    onSuccess: () => client.invalidateQueries({ queryKey: LISTS_KEY }),
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  const share = () => void copyLink(texts, shareLink(locale, list));
  const item = (id: string, label: string, onSelect: () => void) => (
    <DropdownMenu.Item className="dropdown__item" onSelect={onSelect} data-testid={`list-${id}`}>
      {label}
    </DropdownMenu.Item>
  );
  return (
    <DropdownMenu.Root dir={locale === 'ar' ? 'rtl' : 'ltr'} modal={false}>
      <DropdownMenu.Trigger className="list-card__menu" aria-label={t('lists.actions', { title: list.title })} data-testid="list-menu">
        <span aria-hidden>⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="dropdown" align="end" sideOffset={4}>
          {item('rename', t('lists.rename'), () => onModal({ kind: 'rename', list }))}
          {item('duplicate', t('lists.duplicate'), () => onModal({ kind: 'duplicate', list }))}
          {list.is_public
            ? item('copy-link', t('lists.copyLink'), share)
            : item('share', t('lists.share'), () => onModal({ kind: 'share', list }))}
          {item('toggle-visibility', t(list.is_public ? 'lists.makePrivate' : 'lists.makePublic'), () => publish.mutate(!list.is_public))}
          <DropdownMenu.Separator className="dropdown__separator" />
          {item('remove', t('lists.remove'), () => onModal({ kind: 'remove', list }))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
