import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ALREADY_IN_LIST_MESSAGE, newListBodySchema, type VideoList } from '../../../common/lists.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { signInHref, useSignedIn, useSignedInUserId } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { LISTS_KEY, LISTS_KEYS, listsApi } from './api.ts';
import './lists.css';

/**
 * The user's lists for one video, with a field for a new one (spec: content §2 "Lists", §5 'Video is
 * already in this list'). Signed out, it leads to sign-in and back. Its texts are the lists section,
 * loaded with this module by ./add-to-list-entry.ts.
 */
export function AddToListDialog({ videoIds, onClose }: { videoIds: readonly number[]; onClose: () => void }) {
  // One video (a card's "+"), or the several a selection picked (issue 28).
  const [videoId = 0] = videoIds;
  const several = videoIds.length > 1;
  const change = (listId: string) =>
    several
      ? { item_type: 'video_project' as const, list_id: listId, ids: [...videoIds] }
      : { item_type: 'video_project' as const, item_id: videoId, list_id: listId };
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const location = useLocation();
  const signedIn = useSignedIn();
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const fieldId = useId();
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string>();
  const [said, setSaid] = useState<{ listId: string; text: string; kind: 'added' | 'present' | 'error' }>();
  const lists = useQuery({
    queryKey: LISTS_KEYS.forVideo(videoId, userId),
    queryFn: ({ signal }) => listsApi.forVideo(videoId, signal),
    enabled: signedIn,
  });

  const added = (list: { id: string; title: string }, count = 1) => {
    const text = several ? t('lists.addedSeveral', { count, title: list.title }) : t('lists.added', { title: list.title });
    setSaid({ listId: list.id, text, kind: 'added' });
    notifications.notify({ type: 'success', children: text });
    void client.invalidateQueries({ queryKey: LISTS_KEY });
  };
  const failed = (listId: string, error: unknown) => {
    const present = error instanceof ApiError && error.errors.some((item) => item.code === 'already_in_list');
    const text = present ? t('lists.alreadyInList', { defaultValue: ALREADY_IN_LIST_MESSAGE }) : errorText(error, translateIfExists);
    setSaid({ listId, text, kind: present ? 'present' : 'error' });
  };
  const add = useMutation({
    mutationFn: (list: VideoList) => listsApi.addItems(change(list.id)),
    onSuccess: (answer) => added(answer.list, answer.changed),
    onError: (error, list) => failed(list.id, error),
  });
  const create = useMutation({
    mutationFn: async (newTitle: string) => {
      const list = await listsApi.create({ title: newTitle });
      const answer = await listsApi.addItems(change(list.id));
      return { list, changed: answer.changed };
    },
    onSuccess: ({ list, changed }) => {
      setTitle('');
      added(list, changed);
    },
    onError: (error) => failed('', error),
  });

  if (!signedIn) return <Navigate to={signInHref(locale, location.pathname + location.search)} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newListBodySchema.shape.list.shape.title.safeParse(title);
    setTitleError(parsed.success ? undefined : validationText(t, parsed.error.issues[0]?.message));
    if (parsed.success) create.mutate(parsed.data);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('lists.addTitle')}
      size="small"
      testId="add-to-list-dialog"
    >
      {lists.data ? (
        lists.data.video_lists.length ? (
          <ul className="list-choice" data-testid="list-choice">
            {lists.data.video_lists.map((list) => (
              <li key={list.id} className="list-choice__item">
                <button
                  type="button"
                  className="list-choice__button"
                  disabled={add.isPending}
                  onClick={() => add.mutate(list)}
                  data-testid="list-choice-item"
                  data-list-id={list.id}
                >
                  <span className="list-choice__name">{list.name}</span>
                  <span className="list-choice__count">
                    {list.has_item && !several ? `✓ ${t('lists.inList')}` : t('lists.videosCount', { count: list.items_count })}
                  </span>
                </button>
                {said?.listId === list.id ? (
                  <p className={`list-choice__said list-choice__said--${said.kind}`} role="alert" data-testid="list-choice-said">
                    {said.text}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="list-choice__empty">{t('lists.noListsYet')}</p>
        )
      ) : lists.isError ? (
        <p role="alert">{errorText(lists.error, translateIfExists)}</p>
      ) : (
        <p className="list-choice__empty">{t('lists.loading')}</p>
      )}
      <form className="list-choice__new" onSubmit={submit} noValidate data-testid="add-to-new-list">
        <TextField
          id={fieldId}
          label={t('lists.newListTitle')}
          value={title}
          maxLength={100}
          error={titleError}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="new-list-title"
        />
        <Button type="submit" size="small" loading={create.isPending} data-testid="new-list-submit">
          {t('lists.createAndAdd')}
        </Button>
      </form>
      {said?.listId === '' ? (
        <p className="list-choice__said list-choice__said--error" role="alert">
          {said.text}
        </p>
      ) : null}
      <p className="list-choice__footer">
        <Link to={`/${locale}${LINKS.myLists}`} onClick={onClose}>
          {t('lists.manageLists')}
        </Link>
      </p>
    </Dialog>
  );
}
