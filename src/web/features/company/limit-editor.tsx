import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import type { ContentKind } from '../../../common/agreement-values.ts';
import type { UserLimit } from '../../../common/company.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { itemText, validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { COMPANY_KEYS, companyApi } from './api.ts';

type Props = {
  userId: number | null;
  memberId: number;
  memberName: string;
  kind: ContentKind;
  limit: UserLimit | undefined;
  testId: string;
};

/**
 * One member's limit of one kind, edited in place (spec §5): what they used this month, and the
 * limit, blank for none. The server refuses a limit above what the agreements have left ("Limit
 * exceeds available amount") or below what was used ("Limit is lower than operations amount").
 */
export function LimitEditor({ userId, memberId, memberName, kind, limit, testId }: Props) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inputId = useId();
  const stored = limit?.limit === null || limit === undefined ? '' : String(limit.limit);
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const save = useMutation({
    mutationFn: (next: number | null) => (limit ? companyApi.changeLimit(limit.id, next) : companyApi.setLimit(memberId, kind, next)),
    onSuccess: async () => {
      setSaved(true);
      await client.invalidateQueries({ queryKey: COMPANY_KEYS.company(userId) });
    },
    onError: (failure) => {
      const item = failure instanceof ApiError ? failure.errors[0] : undefined;
      setError(item ? itemText(item) : errorText(failure, translateIfExists));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    const text = value.trim();
    if (text !== '' && !/^\d{1,7}$/.test(text)) return setError(validationText(t, 'validation.number') ?? null);
    const next = text === '' ? null : Number(text);
    if (next === (limit?.limit ?? null)) return setSaved(true);
    save.mutate(next);
  }

  const kindName = t(`team.kinds.${kind}`);
  return (
    <form className="limit-editor" noValidate onSubmit={submit} data-testid={testId} data-kind={kind}>
      <span className="limit-editor__used" data-testid="limit-used">
        {t('team.used', { count: limit?.used ?? 0 })}
      </span>
      <label className="visually-hidden" htmlFor={inputId}>
        {t('team.limitLabel', { kind: kindName, member: memberName })}
      </label>
      <input
        id={inputId}
        className="field__control limit-editor__input"
        inputMode="numeric"
        placeholder={t('team.noLimit')}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setSaved(false);
        }}
        data-testid="limit-input"
      />
      <Button type="submit" variant="secondary" size="small" loading={save.isPending} data-testid="limit-save">
        {t('team.save')}
      </Button>
      {error ? (
        <p id={`${inputId}-error`} className="field__error limit-editor__message" role="alert" data-testid="limit-error">
          {error}
        </p>
      ) : saved ? (
        <p className="limit-editor__saved" role="status" data-testid="limit-saved">
          {t('team.limitSaved')}
        </p>
      ) : null}
    </form>
  );
}
