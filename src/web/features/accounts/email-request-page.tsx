import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Link, useParams } from 'react-router';
import { emailBodySchema } from '../../../common/accounts.ts';
import { ROUTES } from '../../../common/routes.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';
import { Button } from '../../ui/button.tsx';
import { CardPage } from '../../ui/card.tsx';
import { FormErrors, TextField } from '../../ui/field.tsx';

/**
 * A card page that asks for an e-mail address to send something to: reset instructions, an
 * account-transfer code. The answer never says whether the address has an account; the server's
 * refusals (a malformed address, too many requests) are shown on the field or under the form.
 */
export function EmailRequestPage(props: {
  title: string;
  lead: ReactNode;
  testId: string;
  formTestId?: string;
  submitLabel: string;
  submitTestId: string;
  initialEmail?: string;
  send: (email: string) => Promise<unknown>;
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(emailBodySchema),
    mode: 'onTouched',
    defaultValues: { email: props.initialEmail ?? '' },
  });
  const request = useMutation({
    mutationFn: ({ email }: { email: string }) => props.send(email),
    onSuccess: (_, { email }) => props.onSent(email),
    onError: (error) => setFormErrors(applyServerErrors(error, ['email'], form.setError)),
  });
  return (
    <CardPage title={props.title} lead={props.lead} testId={props.testId}>
      <form
        className="form"
        noValidate
        data-testid={props.formTestId}
        onSubmit={form.handleSubmit((values) => {
          setFormErrors([]);
          request.mutate(values);
        })}
      >
        <TextField
          label={t('accounts.fields.email')}
          type="email"
          autoComplete="email"
          required
          error={validationText(t, form.formState.errors.email?.message)}
          {...form.register('email')}
        />
        <FormErrors messages={formErrors} />
        <div className="form__actions form__actions--stretch">
          <Button type="submit" loading={request.isPending} data-testid={props.submitTestId}>
            {props.submitLabel}
          </Button>
        </div>
        <div className="form__links">
          <Link to={`/${locale}${ROUTES.signin}`}>{t('accounts.backToSignIn')}</Link>
        </div>
      </form>
    </CardPage>
  );
}
