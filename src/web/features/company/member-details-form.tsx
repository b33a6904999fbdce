import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import type { CompanyMember } from '../../../common/company.ts';
import { phone, required } from '../../../common/validators.ts';
import { ApiError, errorText } from '../../lib/api-client.ts';
import { itemText, validationText } from '../../lib/forms.ts';
import { translateIfExists } from '../../lib/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { companyApi } from './api.ts';

const FIELDS = ['first_name', 'last_name', 'phone_number'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The master edits a member's name and phone (spec §4 "edit member info"); the e-mail is the member's own. */
export function MemberDetailsForm({ member, onSaved }: { member: CompanyMember; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({
    first_name: member.first_name,
    last_name: member.last_name,
    phone_number: member.phone_number,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: (next: Values) => companyApi.change(member.id, next),
    onSuccess: async () => {
      notifications.notify({ type: 'success', children: t('team.detailsSaved') });
      await onSaved();
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) return setFormErrors([errorText(failure, translateIfExists)]);
      const onFields: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      for (const item of failure.errors) {
        const field = item.field?.replace(/^member\./, '') as Field | undefined;
        if (field && FIELDS.includes(field)) onFields[field] = itemText(item);
        else rest.push(itemText(item));
      }
      setErrors(onFields);
      setFormErrors(rest);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormErrors([]);
    const found: Partial<Record<Field, string>> = {};
    for (const field of ['first_name', 'last_name'] as const) {
      const problem = required(values[field].trim());
      if (problem) found[field] = validationText(t, problem);
    }
    const phoneProblem = phone(values.phone_number.trim());
    if (phoneProblem) found.phone_number = validationText(t, phoneProblem);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ first_name: values.first_name.trim(), last_name: values.last_name.trim(), phone_number: values.phone_number.trim() });
  }

  const field = (name: Field, label: string, extra: { required?: boolean; type?: string } = {}) => (
    <TextField
      label={label}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      data-testid={`member-${name}`}
      {...extra}
    />
  );

  return (
    <section className="team-section" aria-labelledby="member-details">
      <h2 id="member-details">{t('team.details')}</h2>
      <form className="form team-details" noValidate onSubmit={submit} data-testid="member-details">
        {field('first_name', t('accounts.fields.firstName'), { required: true })}
        {field('last_name', t('accounts.fields.lastName'), { required: true })}
        {field('phone_number', t('accounts.fields.phone'), { type: 'tel' })}
        <FormErrors messages={formErrors} testId="member-details-errors" />
        <div className="form__actions">
          <Button type="submit" loading={save.isPending} data-testid="member-details-save">
            {t('team.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
