import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { useTranslation } from '../../lib/translation.ts';
import {
  billingSettingsUpdateSchema,
  type BillingSettings,
  type BillingSettingsInput,
  type BillingSettingsUpdate,
} from '../../../common/billing.ts';
import type { Country } from '../../../common/reference.ts';
import { applyServerErrors, validationText } from '../../lib/forms.ts';
import { CURRENT_USER_KEY, useSignedInUserId } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { FormErrors, RequiredNote, SelectField, TextField, revealFocusedField } from '../../ui/field.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { BILLING_KEYS } from './billing-api.ts';
import { BillingKindChoice } from './billing-kind-choice.tsx';
import { billingSavedNotices } from './billing-notices.ts';
import { saveBillingSettings, VatIdNotValid } from './save-billing.ts';
import './billing-settings.css';

type Input = BillingSettingsInput;
const FIELDS = [
  'kind',
  'first_name',
  'last_name',
  'email',
  'company_name',
  'vat_id',
  'address_1',
  'address_2',
  'zip',
  'city',
  'country_id',
  'region',
] as const;

function defaults(settings: BillingSettings): DefaultValues<Input> {
  return {
    kind: settings.kind,
    first_name: settings.first_name,
    last_name: settings.last_name,
    email: settings.email,
    company_name: settings.company_name,
    vat_id: settings.vat_id ?? '',
    has_no_vat: settings.has_no_vat,
    address_1: settings.address_1,
    address_2: settings.address_2,
    zip: settings.zip,
    city: settings.city,
    country_id: settings.country_id ?? undefined,
    region: settings.region,
  };
}

/**
 * What checkout asks of an open billing form, so that "Pay" saves it (issue 28): `check` shows and
 * focuses its errors without saving; `save` saves it as its own button does (null when it did not).
 */
export type BillingFormHandle = {
  check: () => Promise<boolean>;
  save: () => Promise<BillingSettings | null>;
};

const toId = (value: string | number | null | undefined) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * The billing form (spec: accounts §3 "Billing"), on the billing settings page and inside checkout:
 * `onSaved` hears of each save (checkout reprices with the new country or VAT id).
 */
export function BillingForm({
  settings,
  countries,
  onSaved,
  handle,
}: {
  settings: BillingSettings;
  countries: Country[];
  onSaved?: (saved: BillingSettings) => void;
  handle?: Ref<BillingFormHandle>;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const userId = useSignedInUserId();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  // What was saved last, to tell which notice a save earns ("VAT ID updated", spec §8).
  const lastSaved = useRef(settings);
  const form = useForm<Input, unknown, BillingSettingsUpdate>({
    resolver: zodResolver(billingSettingsUpdateSchema),
    mode: 'onTouched',
    defaultValues: defaults(settings),
  });
  const { errors } = form.formState;
  const error = (name: (typeof FIELDS)[number]) => validationText(t, errors[name]?.message);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const noVat = useWatch({ control: form.control, name: 'has_no_vat' }) === true;
  const countryId = useWatch({ control: form.control, name: 'country_id' });
  const complete = countryId !== undefined && countryId !== null;

  const save = useMutation({
    mutationFn: (values: BillingSettingsUpdate) => saveBillingSettings(values, countries),
    onSuccess: (saved) => {
      client.setQueryData(BILLING_KEYS.settings(userId), saved);
      // A company's VAT id is the company's too (spec §4): the current user is reloaded with it.
      void client.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      form.reset(defaults(saved));
      const notices = billingSavedNotices(lastSaved.current, saved);
      lastSaved.current = saved;
      for (const key of notices)
        notifications.notify({
          type: 'success',
          children: key === 'alert.flash.vat_updated' ? t('alert.flash.vat_updated') : t('alert.flash.billing_updated'),
        });
      onSaved?.(saved);
    },
    onError: (failure) => {
      if (failure instanceof VatIdNotValid) {
        form.setError('vat_id', { type: 'registry', message: 'billing.vatInvalid' }, { shouldFocus: true });
        revealFocusedField();
        return;
      }
      setFormErrors(applyServerErrors<Input>(failure, FIELDS, form.setError, 'billing_settings'));
    },
  });

  useImperativeHandle(handle, () => ({
    async check() {
      const valid = await form.trigger(undefined, { shouldFocus: true });
      if (!valid) revealFocusedField();
      return valid;
    },
    async save() {
      const values = await new Promise<BillingSettingsUpdate | null>((resolve) => {
        void form.handleSubmit(resolve, () => {
          revealFocusedField();
          resolve(null);
        })();
      });
      if (!values) return null;
      setFormErrors([]);
      return save.mutateAsync(values).catch(() => null);
    },
  }));

  return (
    <form
      className="form billing-page__form"
      noValidate
      data-testid="billing-form"
      onSubmit={form.handleSubmit((values) => {
        setFormErrors([]);
        save.mutate(values);
      }, revealFocusedField)}
    >
      <RequiredNote>{t('accounts.fields.requiredNote')}</RequiredNote>
      {!complete ? (
        <p className="billing-page__notice" data-testid="billing-country-missing">
          {t('billing.countryMissing')}
        </p>
      ) : null}

      <Controller
        control={form.control}
        name="kind"
        render={({ field }) => <BillingKindChoice name={field.name} value={field.value} onChange={field.onChange} />}
      />

      <div className="form__row">
        <TextField
          label={t('accounts.fields.firstName')}
          autoComplete="given-name"
          required
          error={error('first_name')}
          data-testid="billing-first_name"
          {...form.register('first_name')}
        />
        <TextField
          label={t('accounts.fields.lastName')}
          autoComplete="family-name"
          required
          error={error('last_name')}
          data-testid="billing-last_name"
          {...form.register('last_name')}
        />
      </div>
      <TextField
        label={t('billing.email')}
        type="email"
        dir="ltr"
        autoComplete="email"
        required
        hint={t('billing.emailHint')}
        error={error('email')}
        data-testid="billing-email"
        {...form.register('email')}
      />

      {kind === 'company' ? (
        <fieldset className="form__section billing-page__section" data-testid="billing-company">
          <legend className="form__section-title">{t('billing.companyTitle')}</legend>
          <div className="form__row">
            <TextField
              label={t('accounts.fields.company')}
              autoComplete="organization"
              required
              error={error('company_name')}
              data-testid="billing-company_name"
              {...form.register('company_name')}
            />
            <TextField
              label={t('billing.vatId')}
              dir="ltr"
              autoComplete="off"
              required={!noVat}
              disabled={noVat}
              placeholder={noVat ? '' : 'DE123456789'}
              error={noVat ? undefined : error('vat_id')}
              data-testid="billing-vat_id"
              {...form.register('vat_id')}
            />
          </div>
          <Controller
            control={form.control}
            name="has_no_vat"
            render={({ field }) => (
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onCheckedChange={(checked) => {
                  field.onChange(checked);
                  // "No VAT ID" clears the id (spec §3), here as on the server.
                  if (checked) {
                    form.setValue('vat_id', '', { shouldDirty: true });
                    form.clearErrors('vat_id');
                  }
                }}
                label={t('billing.noVat')}
                testId="billing-has_no_vat"
              />
            )}
          />
        </fieldset>
      ) : null}

      <fieldset className="form__section billing-page__section">
        <legend className="form__section-title">{t('billing.addressTitle')}</legend>
        <TextField
          label={t('billing.address1')}
          autoComplete="address-line1"
          required
          error={error('address_1')}
          data-testid="billing-address_1"
          {...form.register('address_1')}
        />
        <TextField
          label={t('billing.address2')}
          autoComplete="address-line2"
          error={error('address_2')}
          data-testid="billing-address_2"
          {...form.register('address_2')}
        />
        <div className="form__row">
          <TextField
            label={t('billing.zip')}
            autoComplete="postal-code"
            dir="ltr"
            required
            error={error('zip')}
            data-testid="billing-zip"
            {...form.register('zip')}
          />
          <TextField
            label={t('billing.city')}
            autoComplete="address-level2"
            required
            error={error('city')}
            data-testid="billing-city"
            {...form.register('city')}
          />
        </div>
        <div className="form__row">
          <SelectField
            label={t('accounts.fields.country')}
            required
            placeholder={t('accounts.fields.choose')}
            options={countries.map((country) => ({ value: String(country.id), label: country.name }))}
            error={error('country_id')}
            data-testid="billing-country_id"
            {...form.register('country_id', { setValueAs: toId })}
          />
          <TextField
            label={t('billing.region')}
            autoComplete="address-level1"
            error={error('region')}
            data-testid="billing-region"
            {...form.register('region')}
          />
        </div>
      </fieldset>

      <FormErrors messages={formErrors} />
      <div className="form__actions">
        <Button type="submit" loading={save.isPending} data-testid="billing-save">
          {t('billing.save')}
        </Button>
      </div>
    </form>
  );
}
