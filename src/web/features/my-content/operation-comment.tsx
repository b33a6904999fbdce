import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { COMMENT_MAX_LENGTH } from '../../../common/download-values.ts';
import type { MyContentOperation } from '../../../common/downloads.ts';
import { maxLength } from '../../../common/validators.ts';
import { errorText } from '../../lib/api-client.ts';
import { validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { MY_CONTENT_KEYS, myContentApi } from './api.ts';

type Operations = { operations: MyContentOperation[] };
const withinLimit = maxLength(COMMENT_MAX_LENGTH);

/** The user's own note on one download (spec: accounts §7 operation_comments), edited in place; blank removes it. */
export function OperationComment({ operation, videoId }: { operation: MyContentOperation; videoId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const saved = operation.comment ?? '';
  const [draft, setDraft] = useState(saved);
  const [problem, setProblem] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (comment: string) => myContentApi.comment(operation.id, comment),
    onSuccess: (updated) => {
      client.setQueryData<Operations>(MY_CONTENT_KEYS.operations(videoId), (held) =>
        held ? { operations: held.operations.map((each) => (each.id === updated.id ? updated : each)) } : held,
      );
      setDraft(updated.comment ?? '');
    },
  });
  const changed = draft.trim() !== saved;

  function submit(event: FormEvent) {
    event.preventDefault();
    const comment = draft.trim();
    const rule = withinLimit(comment);
    setProblem(rule ? validationText(t, rule) : undefined);
    if (!rule) save.mutate(comment);
  }

  return (
    <form className="operation-comment" noValidate onSubmit={submit} data-testid="operation-comment">
      <TextField
        label={t('myContent.comment')}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          save.reset();
        }}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={t('myContent.commentPlaceholder')}
        dir="auto"
        error={problem}
        data-testid="operation-comment-input"
      />
      <div className="operation-comment__actions">
        <Button
          type="submit"
          variant="secondary"
          size="small"
          loading={save.isPending}
          disabled={!changed}
          data-testid="operation-comment-save"
        >
          {t('myContent.save')}
        </Button>
        {save.isSuccess && !changed ? (
          <span className="operation-comment__saved" role="status" data-testid="operation-comment-saved">
            {t('myContent.saved')}
          </span>
        ) : null}
      </div>
      <FormErrors messages={save.error ? [errorText(save.error, translateIfExists)] : []} testId="operation-comment-errors" />
    </form>
  );
}
