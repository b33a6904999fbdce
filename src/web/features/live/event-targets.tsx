import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { liveTargetInputSchema, type LiveEventDetail, type LiveTarget, type TargetKind } from '../../../common/live.ts';
import { ApiError } from '../../lib/api-client.ts';
import { itemText, validationText } from '../../lib/forms.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { FormErrors, SelectField, TextField } from '../../ui/field.tsx';
import { LIVE_KEYS, liveApi } from './api.ts';
import { TvuReceiverField } from './tvu-receiver-field.tsx';

/** While the event is live, its targets' states change (connecting, streaming): asked again this often. */
const TARGETS_REFETCH_MS = 5_000;

type TargetField = 'url' | 'stream_key' | 'tvu_receiver';
type FieldErrors = Partial<Record<TargetField, string>>;
const FIELDS: readonly TargetField[] = ['url', 'stream_key', 'tvu_receiver'];

/**
 * "Stream to your platforms" (spec: content §1 "Live-event stream targets"): free events are any
 * signed-in user's, others once booked; the server is the judge, and a 403 hides the section.
 */
export function EventTargets({ event }: { event: LiveEventDetail }) {
  const { t } = useTranslation();
  const userId = useSignedInUserId();
  const queryClient = useQueryClient();
  // Free events' targets are every registered user's; the others' need a confirmed booking (a licence).
  const allowed = event.access === 'free' || event.booked;
  const targets = useQuery({
    queryKey: LIVE_KEYS.targets(event.slug, userId),
    queryFn: ({ signal }) => liveApi.targets(event.slug, signal),
    enabled: allowed,
    retry: false,
    refetchInterval: event.status === 'live' ? TARGETS_REFETCH_MS : false,
  });
  const remove = useMutation({
    mutationFn: (target: LiveTarget) => liveApi.removeTarget(target.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LIVE_KEYS.targets(event.slug, userId) }),
  });
  // A booking canceled here leaves the targets it fetched in the cache: they are not the user's any more.
  if (!allowed || (targets.error instanceof ApiError && targets.error.status === 403)) return null;
  if (!targets.data && !targets.isError) return null;

  return (
    <section className="event-page__section event-targets" data-testid="event-targets">
      <h2 className="event-page__heading">{t('live.targetsTitle')}</h2>
      <p className="event-targets__lead">{t('live.targetsLead')}</p>
      <FormErrors messages={targets.error ? [itemTextOf(targets.error)] : remove.error ? [itemTextOf(remove.error)] : []} />
      {targets.data && targets.data.targets.length > 0 ? (
        <ul className="event-targets__list">
          {targets.data.targets.map((target) => (
            <li
              key={target.id}
              className="event-targets__item"
              data-testid="event-target"
              data-kind={target.kind}
              data-state={target.state}
            >
              <span className="event-targets__kind">{t(`live.target_${target.kind}`)}</span>
              <bdi className="event-targets__address" dir="ltr" data-testid="event-target-address">
                {targetAddress(target) ?? t('live.targetOurLink')}
              </bdi>
              {target.stream_key_set ? (
                <span className="event-targets__key" data-testid="event-target-key">
                  {t('live.targetKeySet')}
                </span>
              ) : null}
              <span className={`live-badge event-targets__state--${target.state}`} data-testid="event-target-state">
                {t(`live.targetState_${target.state}`)}
              </span>
              <Button
                variant="red"
                size="small"
                loading={remove.isPending && remove.variables.id === target.id}
                onClick={() => remove.mutate(target)}
                data-testid="event-target-remove"
              >
                {t('live.targetRemove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="event-targets__empty">{t('live.targetsEmpty')}</p>
      )}
      <TargetForm event={event} />
    </section>
  );
}

/** Where a target sends the event; an HLS pull target's is our signed playlist, written out whole to be copied. */
function targetAddress(target: LiveTarget): string | null {
  if (target.kind === 'hls_full_hd') return target.url ? new URL(target.url, window.location.origin).href : null;
  return target.url ?? target.tvu_receiver;
}

function itemTextOf(error: unknown): string {
  return error instanceof ApiError && error.errors[0] ? itemText(error.errors[0]) : String(error);
}

function TargetForm({ event }: { event: LiveEventDetail }) {
  const { t } = useTranslation();
  const userId = useSignedInUserId();
  const queryClient = useQueryClient();
  const providers = useQuery({ queryKey: LIVE_KEYS.transcoderProviders, queryFn: ({ signal }) => liveApi.transcoderProviders(signal) });
  const [kind, setKind] = useState<TargetKind | ''>('');
  const [values, setValues] = useState<Record<TargetField, string>>({ url: '', stream_key: '', tvu_receiver: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const needs = providers.data?.providers.find((provider) => provider.kind === kind)?.needs ?? [];

  const add = useMutation({
    mutationFn: (input: Parameters<typeof liveApi.addTarget>[1]) => liveApi.addTarget(event.slug, input),
    onSuccess: async () => {
      setValues({ url: '', stream_key: '', tvu_receiver: '' });
      await queryClient.invalidateQueries({ queryKey: LIVE_KEYS.targets(event.slug, userId) });
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) return setFormErrors([itemTextOf(failure)]);
      const onFields: FieldErrors = {};
      const rest: string[] = [];
      for (const item of failure.errors) {
        const field = item.field?.replace(/^target\./, '') as TargetField | undefined;
        if (field && FIELDS.includes(field)) onFields[field] ??= validationText(t, `validation.${item.code}`) ?? item.message;
        else rest.push(itemText(item));
      }
      setFieldErrors(onFields);
      setFormErrors(rest);
    },
  });

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    if (!kind) return;
    // The same checks the server makes (one contract), so a mistyped address is said at once.
    const input = { kind, ...Object.fromEntries(needs.map((field) => [field, values[field]])) };
    const parsed = liveTargetInputSchema.safeParse(input);
    setFormErrors([]);
    if (!parsed.success) {
      const onFields: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as TargetField;
        onFields[field] ??= validationText(t, issue.message);
      }
      return setFieldErrors(onFields);
    }
    setFieldErrors({});
    add.mutate(parsed.data);
  };

  return (
    <form className="event-targets__form" onSubmit={submit} noValidate data-testid="event-target-form">
      <h3 className="event-targets__form-title">{t('live.targetAdd')}</h3>
      <SelectField
        label={t('live.targetKind')}
        value={kind}
        placeholder={t('live.targetKindPick')}
        options={(providers.data?.providers ?? []).map((provider) => ({ value: provider.kind, label: t(`live.target_${provider.kind}`) }))}
        onChange={(change) => {
          setKind(change.target.value as TargetKind | '');
          setFieldErrors({});
        }}
        data-testid="event-target-kind"
      />
      {needs.map((field) =>
        field === 'tvu_receiver' ? (
          <TvuReceiverField
            key={field}
            value={values.tvu_receiver}
            error={fieldErrors.tvu_receiver}
            onChange={(change) => setValues({ ...values, tvu_receiver: change.target.value })}
          />
        ) : (
          <TextField
            key={field}
            label={t(`live.targetField_${field}`)}
            required
            dir="ltr"
            autoComplete="off"
            type={field === 'stream_key' ? 'password' : 'text'}
            // Facebook's api kind takes the Live API's stream URL, key included (spec: content §1).
            hint={field === 'url' && kind === 'facebook_api' ? t('live.targetHint_facebook_api') : undefined}
            value={values[field]}
            error={fieldErrors[field]}
            onChange={(change) => setValues({ ...values, [field]: change.target.value })}
            data-testid={`event-target-${field}`}
          />
        ),
      )}
      <FormErrors messages={formErrors} testId="event-target-errors" />
      <Button type="submit" size="small" disabled={!kind} loading={add.isPending} data-testid="event-target-submit">
        {t('live.targetAddSubmit')}
      </Button>
    </form>
  );
}
