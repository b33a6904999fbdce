import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import { Trans } from '../../ui/trans.tsx';
import { Link, useLocation, useParams } from 'react-router';
import type { z } from 'zod';
import {
  OTHER_COMPANY_TYPE,
  planRequestFormSchemaWith,
  type newPlanRequestSchema,
  type PlanRequestName,
} from '../../../common/plan-requests.ts';
import type { CompanyType, Country, JobTitle } from '../../../common/reference.ts';
import { LINKS } from '../../../common/routes.ts';
import type { Answer } from '../../lib/api-client.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';
import { useScreenMeta } from '../../lib/page-meta.ts';
import { useSignedIn } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { CardPage } from '../../ui/card.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { FormErrors, RequiredNote, SelectField, TextField, revealFocusedField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { agreementsApi } from './api.ts';
import { AGREEMENT_KEYS } from './queries.ts';
import { RequestSent } from './plan-request-sent.tsx';
import { useRequestChoices } from './reference-queries.ts';
import './plans.css';

type Schema = ReturnType<typeof planRequestFormSchemaWith>;
type Input = z.input<Schema>;
type Output = z.output<Schema>;
type Starting = Answer<typeof newPlanRequestSchema>;
const FIELDS = [
  'first_name',
  'last_name',
  'phone_number',
  'email',
  'job_title_id',
  'company_name',
  'company_type_id',
  'company_type_other',
  'company_size',
  'country_id',
  'privacy_accepted',
] as const;

/** The plan a request page is for, from its path (only the two plans that are requested have one). */
function requestedPlan(pathname: string): PlanRequestName {
  return pathname.replace(/\/+$/, '').endsWith(LINKS.planRequest('regional')) ? 'regional' : 'enterprise';
}

const toId = (value: string | number | null | undefined) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * /{locale}/plans/request-enterprise and /request-regional (spec: accounts §2, §3 "Enterprise
 * request form", §5): every field required and marked, privacy accepted, the account's details
 * filled in, server errors on their fields; then the success screen.
 */
export function PlanRequestPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const plan = requestedPlan(useLocation().pathname);
  const signedIn = useSignedIn();
  const [sent, setSent] = useState<{ email: string } | null>(null);
  const starting = useQuery({
    queryKey: [...AGREEMENT_KEYS.newPlanRequest, signedIn],
    queryFn: ({ signal }) => agreementsApi.newPlanRequest(signal),
    staleTime: 0,
  });
  const choices = useRequestChoices(locale);
  useScreenMeta(t(`planRequest.titles.${plan}`), t('planRequest.description'));

  if (starting.isError) throw starting.error;
  if (choices.error) throw choices.error;
  if (sent) return <RequestSent plan={plan} email={sent.email} signedIn={signedIn} locale={locale} />;
  if (!starting.data || !choices.countries || !choices.companyTypes || !choices.jobTitles) return <LoadingFallback />;
  return (
    <CardPage wide title={t(`planRequest.titles.${plan}`)} lead={<p>{t('planRequest.lead')}</p>} testId="plan-request-page">
      <PlanRequestForm
        plan={plan}
        signedIn={signedIn}
        locale={locale}
        starting={starting.data}
        countries={choices.countries}
        companyTypes={choices.companyTypes}
        jobTitles={choices.jobTitles}
        onSent={(email) => {
          setSent({ email });
          window.scrollTo({ top: 0 });
        }}
      />
    </CardPage>
  );
}

type FormProps = {
  plan: PlanRequestName;
  signedIn: boolean;
  locale: string;
  starting: Starting;
  countries: Country[];
  companyTypes: CompanyType[];
  jobTitles: JobTitle[];
  onSent: (email: string) => void;
};

function PlanRequestForm({ plan, signedIn, locale, starting, countries, companyTypes, jobTitles, onSent }: FormProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const otherTypeId = companyTypes.find((type) => type.slug === OTHER_COMPANY_TYPE)?.id ?? null;
  const schema = useMemo(() => planRequestFormSchemaWith(otherTypeId), [otherTypeId]);
  const prefilled = starting.agreement_request;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      plan,
      first_name: prefilled.first_name,
      last_name: prefilled.last_name,
      phone_number: prefilled.phone_number,
      email: prefilled.email,
      company_name: prefilled.company_name,
      company_type_other: '',
      country_id: prefilled.country_id ?? undefined,
      privacy_accepted: false as unknown as true,
    },
  });
  const { errors } = form.formState;
  const error = (name: (typeof FIELDS)[number]) => validationText(t, errors[name]?.message);
  const typeId = useWatch({ control: form.control, name: 'company_type_id' });
  const other = otherTypeId !== null && Number(typeId) === otherTypeId;
  const send = useMutation({
    mutationFn: (values: Output) => agreementsApi.requestPlan(values, signedIn),
    onSuccess: (_request, values) => {
      void client.invalidateQueries({ queryKey: AGREEMENT_KEYS.planRequests, exact: true });
      onSent(values.email);
    },
    onError: (failure) => setFormErrors(applyServerErrors<Input>(failure, FIELDS, form.setError, 'agreement_request')),
  });
  const options = (list: { id: number; name: string }[]) => list.map((item) => ({ value: String(item.id), label: item.name }));
  const choose = t('accounts.fields.choose');

  return (
    <form
      className="form"
      noValidate
      data-testid="plan-request-form"
      onSubmit={form.handleSubmit((values) => {
        setFormErrors([]);
        send.mutate(values);
      }, revealFocusedField)}
    >
      <RequiredNote>{t('accounts.fields.requiredNote')}</RequiredNote>
      <div className="form__row">
        <TextField
          label={t('accounts.fields.firstName')}
          autoComplete="given-name"
          required
          error={error('first_name')}
          {...form.register('first_name')}
        />
        <TextField
          label={t('accounts.fields.lastName')}
          autoComplete="family-name"
          required
          error={error('last_name')}
          {...form.register('last_name')}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('accounts.fields.phone')}
          type="tel"
          dir="ltr"
          autoComplete="tel"
          required
          error={error('phone_number')}
          {...form.register('phone_number')}
        />
        <TextField
          label={t('planRequest.fields.email')}
          type="email"
          dir="ltr"
          autoComplete="email"
          required
          hint={t('planRequest.fields.emailHint')}
          error={error('email')}
          {...form.register('email')}
        />
      </div>
      <div className="form__row">
        <SelectField
          label={t('planRequest.fields.jobTitle')}
          required
          placeholder={choose}
          options={options(jobTitles)}
          error={error('job_title_id')}
          {...form.register('job_title_id', { setValueAs: toId })}
        />
        <TextField
          label={t('accounts.fields.company')}
          autoComplete="organization"
          required
          error={error('company_name')}
          {...form.register('company_name')}
        />
      </div>
      <div className="form__row">
        <SelectField
          label={t('planRequest.fields.companyType')}
          required
          placeholder={choose}
          options={options(companyTypes)}
          error={error('company_type_id')}
          {...form.register('company_type_id', { setValueAs: toId })}
        />
        <SelectField
          label={t('planRequest.fields.companySize')}
          required
          placeholder={choose}
          options={starting.company_sizes.map((size) => ({ value: size.value, label: t(`planRequest.companySizes.${size.value}`) }))}
          error={error('company_size')}
          {...form.register('company_size', { setValueAs: (value: string) => (value === '' ? undefined : value) })}
        />
      </div>
      {other ? (
        <TextField
          label={t('planRequest.fields.companyTypeOther')}
          required
          error={error('company_type_other')}
          {...form.register('company_type_other')}
        />
      ) : null}
      <SelectField
        label={t('accounts.fields.country')}
        required
        placeholder={choose}
        options={options(countries)}
        error={error('country_id')}
        {...form.register('country_id', { setValueAs: toId })}
      />
      <Controller
        control={form.control}
        name="privacy_accepted"
        render={({ field, fieldState }) => (
          <div className="plan-request__privacy">
            <Checkbox
              name={field.name}
              checked={field.value === true}
              onCheckedChange={field.onChange}
              testId="plan-request-privacy"
              label={
                <Trans
                  i18nKey="planRequest.fields.privacy"
                  components={{ privacy: <Link to={`/${locale}${LINKS.privacyPolicy}`} target="_blank" /> }}
                />
              }
            />
            {fieldState.error ? (
              <p className="field__error" role="alert">
                {validationText(t, fieldState.error.message)}
              </p>
            ) : null}
          </div>
        )}
      />
      <FormErrors messages={formErrors} />
      <div className="form__actions">
        <Button type="submit" loading={send.isPending} data-testid="plan-request-submit">
          {t('planRequest.submit')}
        </Button>
        <Link to={`/${locale}${LINKS.plans}`}>{t('planRequest.backToPlans')}</Link>
      </div>
    </form>
  );
}
