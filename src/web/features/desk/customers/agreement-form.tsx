import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AGREEMENT_ACCESS, CONTENT_KINDS, CURRENCIES, DURATION_UNITS, type ContentKind } from '../../../../common/agreement-values.ts';
import type { Agreement } from '../../../../common/agreements.ts';
import { DESK_AGREEMENT_TYPES, deskAgreementTermsSchema, type DeskAgreementTermsInput } from '../../../../common/desk-agreements.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { validationText } from '../../../lib/forms.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { SelectField, TextField } from '../../../ui/field.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { DESK_KEYS, deskApi } from '../api.ts';

type Draft = {
  type: string;
  live: boolean;
  vod: boolean;
  access: string;
  balances: Record<ContentKind, { on: boolean; amount: string; refill: string }>;
  start: string;
  end: string;
  billing: string;
  durationValue: string;
  durationUnit: string;
  archival: string;
  renewal: boolean;
  unattended: boolean;
  renewalMonths: string;
  currency: string;
  invoiceDate: string;
  invoiceAmount: string;
  topUpPrice: string;
  platforms: string;
};

const today = () => new Date().toISOString().slice(0, 10);
const cents = (value: string) => (value.trim() === '' ? null : Math.round(Number(value.replace(',', '.')) * 100));
const units = (value: number | null) => (value === null ? '' : String(value / 100));
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The form's starting values: an agreement's own terms when changing it, else a year's enterprise agreement. */
function draftOf(agreement: Agreement | null): Draft {
  const balance = (kind: ContentKind) => {
    const held = agreement?.balances.find((row) => row.kind === kind);
    return held
      ? { on: held.total !== null, amount: String(held.remaining ?? 0), refill: held.refills_monthly ? String(held.total ?? '') : '' }
      : { on: !agreement && kind === 'standard', amount: agreement ? '0' : '20', refill: agreement ? '' : '20' };
  };
  return {
    type: agreement?.agreement_type ?? 'enterprise',
    live: agreement?.live_access ?? true,
    vod: agreement?.vod_access ?? true,
    access: agreement?.access ?? 'all_content',
    balances: { standard: balance('standard'), pool: balance('pool'), spherical: balance('spherical') },
    start: agreement?.start_date ?? today(),
    end: agreement?.valid_till?.slice(0, 10) ?? '',
    billing: agreement?.billing_period ?? 'month',
    durationValue: agreement?.duration ? String(agreement.duration.value) : '12',
    durationUnit: agreement?.duration?.unit ?? 'months',
    archival: agreement?.archival_days === null || agreement?.archival_days === undefined ? '' : String(agreement.archival_days),
    renewal: agreement?.auto_renewal ?? false,
    unattended: agreement?.unattended_delivery ?? false,
    renewalMonths: agreement?.renewal_duration_months ? String(agreement.renewal_duration_months) : '',
    currency: agreement?.currency ?? 'EUR',
    invoiceDate: agreement?.next_invoice?.date ?? '',
    invoiceAmount: units(agreement?.next_invoice?.amount_cents ?? null),
    topUpPrice: units(agreement?.top_up_price_cents ?? null),
    platforms: (agreement?.platform_urls ?? []).join('\n'),
  };
}

function termsOf(draft: Draft): DeskAgreementTermsInput {
  return {
    agreement_type: draft.type as DeskAgreementTermsInput['agreement_type'],
    live_access: draft.live,
    vod_access: draft.vod,
    access: draft.access as DeskAgreementTermsInput['access'],
    balances: CONTENT_KINDS.filter((kind) => draft.balances[kind].on).map((kind) => ({
      kind,
      amount: draft.balances[kind].amount,
      refill: orNull(draft.balances[kind].refill),
    })),
    start_date: draft.start,
    valid_till: orNull(draft.end),
    billing_period: (orNull(draft.billing) as 'month' | 'year' | null) ?? null,
    duration: draft.durationValue.trim() ? { value: draft.durationValue, unit: draft.durationUnit as 'months' } : null,
    archival_days: orNull(draft.archival),
    auto_renewal: draft.renewal,
    unattended_delivery: draft.unattended,
    renewal_months: orNull(draft.renewalMonths),
    currency: draft.currency as 'EUR',
    next_invoice_date: orNull(draft.invoiceDate),
    next_invoice_cents: cents(draft.invoiceAmount),
    top_up_price_cents: cents(draft.topUpPrice),
    platform_urls: draft.platforms
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/**
 * Making or changing an agreement at the desk (issue 29): every type but the one-off licence,
 * access, balances with their monthly refill (a kind left unticked has no limit), term, archival
 * rights, renewal, price and licensed platforms. The customer accepts it on their plan details.
 */
export function AgreementFormDialog({
  customerId,
  owner,
  agreement,
  onClose,
}: {
  customerId: number;
  owner: { company_id: number } | { user_id: number };
  agreement: Agreement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(agreement));
  const [problems, setProblems] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (terms: DeskAgreementTermsInput) =>
      agreement ? deskApi.changeAgreement(agreement.id, { terms }) : deskApi.createAgreement({ owner, terms }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: DESK_KEYS.customer(customerId) });
      notifications.notify({ type: 'success', children: t(agreement ? 'desk.agreements.changed' : 'desk.agreements.made') });
      onClose();
    },
    onError: (error) => setProblems([errorText(error, translateIfExists)]),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const setBalance = (kind: ContentKind, change: Partial<Draft['balances'][ContentKind]>) =>
    setDraft({ ...draft, balances: { ...draft.balances, [kind]: { ...draft.balances[kind], ...change } } });
  function submit(event: FormEvent) {
    event.preventDefault();
    const terms = termsOf(draft);
    const parsed = deskAgreementTermsSchema.safeParse(terms);
    if (!parsed.success) {
      setProblems(
        parsed.error.issues.map(
          (issue) =>
            `${t(`desk.agreements.fields.${String(issue.path[0])}`, { defaultValue: String(issue.path[0]) })}: ${validationText(t, issue.message)}`,
        ),
      );
      return;
    }
    setProblems([]);
    save.mutate(terms);
  }
  const field = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={draft[key] as string}
      onChange={(event) => set(key, event.target.value as never)}
      data-testid={`agreement-${key}`}
      {...props}
    />
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || save.isPending ? undefined : onClose())}
      title={t(agreement ? 'desk.agreements.changeTitle' : 'desk.agreements.newTitle')}
      description={t('desk.agreements.acceptanceNote')}
      size="medium"
      testId="agreement-form-dialog"
    >
      <form className="form desk-agreement-form" onSubmit={submit} noValidate data-testid="agreement-form">
        <SelectField
          label={t('desk.agreements.fields.agreement_type')}
          value={draft.type}
          options={DESK_AGREEMENT_TYPES.map((value) => ({ value, label: t(`planDetails.types.${value}`) }))}
          onChange={(event) => set('type', event.target.value)}
          data-testid="agreement-type"
        />
        <div className="form__row">
          <Checkbox
            checked={draft.vod}
            onCheckedChange={(checked) => set('vod', checked)}
            label={t('desk.agreements.vod')}
            testId="agreement-vod"
          />
          <Checkbox
            checked={draft.live}
            onCheckedChange={(checked) => set('live', checked)}
            label={t('desk.agreements.live')}
            testId="agreement-live"
          />
        </div>
        <SelectField
          label={t('desk.agreements.fields.access')}
          value={draft.access}
          options={AGREEMENT_ACCESS.map((value) => ({ value, label: t(`planDetails.access.${value}`) }))}
          onChange={(event) => set('access', event.target.value)}
        />
        <fieldset className="desk-agreement-form__balances">
          <legend>{t('desk.agreements.fields.balances')}</legend>
          {CONTENT_KINDS.map((kind) => (
            <div key={kind} className="form__row" data-testid={`agreement-balance-${kind}`}>
              <Checkbox
                checked={draft.balances[kind].on}
                onCheckedChange={(checked) => setBalance(kind, { on: checked })}
                label={t(`planDetails.kinds.${kind}`)}
                testId={`agreement-balance-${kind}-on`}
              />
              {draft.balances[kind].on ? (
                <>
                  <TextField
                    label={t('desk.agreements.amount')}
                    type="number"
                    min={0}
                    dir="ltr"
                    value={draft.balances[kind].amount}
                    onChange={(event) => setBalance(kind, { amount: event.target.value })}
                    data-testid={`agreement-balance-${kind}-amount`}
                  />
                  <TextField
                    label={t('desk.agreements.refill')}
                    type="number"
                    min={0}
                    dir="ltr"
                    value={draft.balances[kind].refill}
                    onChange={(event) => setBalance(kind, { refill: event.target.value })}
                    data-testid={`agreement-balance-${kind}-refill`}
                  />
                </>
              ) : (
                <span className="desk-agreement-form__unlimited">{t('planDetails.balance.noLimit')}</span>
              )}
            </div>
          ))}
        </fieldset>
        <div className="form__row">
          {field('start', t('desk.agreements.fields.start_date'), { type: 'date', dir: 'ltr' })}
          {field('end', t('desk.agreements.fields.valid_till'), { type: 'date', dir: 'ltr' })}
        </div>
        <div className="form__row">
          {field('durationValue', t('desk.agreements.fields.duration'), { type: 'number', min: 1, dir: 'ltr' })}
          <SelectField
            label={t('desk.agreements.durationUnit')}
            value={draft.durationUnit}
            options={DURATION_UNITS.map((value) => ({ value, label: t(`desk.agreements.units.${value}`) }))}
            onChange={(event) => set('durationUnit', event.target.value)}
          />
          <SelectField
            label={t('desk.agreements.fields.billing_period')}
            value={draft.billing}
            options={[
              { value: '', label: t('desk.agreements.noBilling') },
              { value: 'month', label: t('planDetails.billing.month') },
              { value: 'year', label: t('planDetails.billing.year') },
            ]}
            onChange={(event) => set('billing', event.target.value)}
          />
        </div>
        {field('archival', t('desk.agreements.fields.archival_days'), {
          type: 'number',
          min: 1,
          dir: 'ltr',
          hint: t('desk.agreements.archivalHint'),
        })}
        <Checkbox
          checked={draft.renewal}
          onCheckedChange={(checked) => set('renewal', checked)}
          label={t('desk.agreements.renewal')}
          testId="agreement-renewal"
        />
        {draft.renewal ? field('renewalMonths', t('desk.agreements.fields.renewal_months'), { type: 'number', min: 1, dir: 'ltr' }) : null}
        <Checkbox
          checked={draft.unattended}
          onCheckedChange={(checked) => set('unattended', checked)}
          label={t('desk.agreements.unattended')}
          description={t('desk.agreements.unattendedHint')}
          testId="agreement-unattended"
        />
        <div className="form__row">
          <SelectField
            label={t('desk.agreements.currency')}
            value={draft.currency}
            options={CURRENCIES.map((value) => ({ value, label: value }))}
            onChange={(event) => set('currency', event.target.value)}
          />
          {field('invoiceDate', t('desk.agreements.fields.next_invoice_date'), { type: 'date', dir: 'ltr' })}
          {field('invoiceAmount', t('desk.agreements.fields.next_invoice_cents'), { inputMode: 'decimal', dir: 'ltr' })}
        </div>
        {field('topUpPrice', t('desk.agreements.fields.top_up_price_cents'), { inputMode: 'decimal', dir: 'ltr' })}
        <div className="field">
          <label htmlFor="agreement-platforms" className="field__label">
            {t('desk.agreements.fields.platform_urls')}
          </label>
          <textarea
            id="agreement-platforms"
            className="field__control"
            dir="ltr"
            rows={3}
            value={draft.platforms}
            onChange={(event) => set('platforms', event.target.value)}
            data-testid="agreement-platforms"
          />
        </div>
        {problems.length > 0 ? (
          <ul className="field__error desk-agreement-form__problems" role="alert" data-testid="agreement-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        <div className="form__actions">
          <Button type="submit" loading={save.isPending} data-testid="agreement-save">
            {t(agreement ? 'desk.agreements.saveChange' : 'desk.agreements.saveNew')}
          </Button>
          <Button variant="secondary" disabled={save.isPending} onClick={onClose}>
            {t('desk.customers.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
