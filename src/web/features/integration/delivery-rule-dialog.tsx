import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { CONTAINERS, LOGO_POSITIONS, QUALITIES, VIDEO_FORMATS, type LogoPosition } from '../../../common/catalogue-values.ts';
import { deliveryRuleBodySchema, type DeliveryRule, type DeliveryRuleBody } from '../../../common/delivery-rules.ts';
import { LINKS } from '../../../common/routes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { validationText } from '../../lib/forms.ts';
import { useSignedInUserId } from '../../lib/session.ts';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FormErrors, SelectField, TextField } from '../../ui/field.tsx';
import { LoadingFallback } from '../../ui/loading.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import {
  DESTINATION_FIELD_IDS,
  DestinationFields,
  destinationBodyOf,
  destinationFormOf,
  type DestinationForm,
} from './delivery-destination-fields.tsx';
import { deliveryRuleError } from './delivery-rule-view.ts';
import { DELIVERY_RULE_KEYS, deliveryRulesApi } from './delivery-rules-api.ts';

/** The form as typed, turned into the rule's body on sending. */
type RuleForm = {
  name: string;
  savedSearchId: string;
  videoFormat: DeliveryRule['video_format'];
  brandPosition: LogoPosition | '';
  quality: DeliveryRule['quality'];
  fileType: DeliveryRule['file_type'];
  destination: DestinationForm;
  active: boolean;
};

/** Field errors by the body's path (`name`, `destination.host`…). */
type FieldErrors = Record<string, string | undefined>;

/** The fields the form shows, by the body's path, with their test ids. */
const FIELD_IDS = {
  name: 'delivery-rule-name',
  saved_search_id: 'delivery-rule-search',
  video_format: 'delivery-rule-format',
  brand_position: 'delivery-rule-position',
  quality: 'delivery-rule-quality',
  file_type: 'delivery-rule-file-type',
  ...DESTINATION_FIELD_IDS,
} as const;

function formOf(rule: DeliveryRule | null): RuleForm {
  return {
    name: rule?.name ?? '',
    savedSearchId: rule ? String(rule.saved_search.id) : '',
    videoFormat: rule?.video_format ?? 'clean',
    brandPosition: rule?.brand_position ?? '',
    quality: rule?.quality ?? 'full_hd',
    fileType: rule?.file_type ?? 'mp4',
    destination: destinationFormOf(rule?.destination),
    active: rule?.active ?? true,
  };
}

function bodyOf(form: RuleForm): DeliveryRuleBody {
  return {
    name: form.name,
    saved_search_id: Number(form.savedSearchId),
    video_format: form.videoFormat,
    quality: form.quality,
    file_type: form.fileType,
    brand_position: form.videoFormat === 'branded' && form.brandPosition ? form.brandPosition : null,
    destination: destinationBodyOf(form.destination),
    active: form.active,
  };
}

/** A new rule, or a change to one (which replaces it: PUT). */
export function DeliveryRuleDialog({ rule, onClose }: { rule: DeliveryRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const userId = useSignedInUserId();
  const client = useQueryClient();
  const searches = useQuery({
    queryKey: DELIVERY_RULE_KEYS.savedSearches(userId),
    queryFn: ({ signal }) => deliveryRulesApi.savedSearches(signal),
  });
  const [form, setForm] = useState<RuleForm>(() => formOf(rule));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failures, setFailures] = useState<string[]>([]);
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) => setForm((now) => ({ ...now, [key]: value }));
  const save = useMutation({
    mutationFn: (body: DeliveryRuleBody) => (rule ? deliveryRulesApi.replace(rule.id, body) : deliveryRulesApi.create(body)),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: DELIVERY_RULE_KEYS.all });
      notifications.notify({ type: 'success', children: t('deliveryRules.saved') });
      onClose();
    },
    // The server's field errors (a refused host, a missing password) go under their fields.
    onError: (error) => {
      if (!(error instanceof ApiError)) return setFailures([deliveryRuleError(error)]);
      const onFields: FieldErrors = {};
      const rest: string[] = [];
      for (const item of error.errors) {
        const text = deliveryRuleError(new ApiError(error.status, [item]));
        if (item.field && item.field in FIELD_IDS) onFields[item.field] ??= text;
        else rest.push(text);
      }
      setErrors(onFields);
      setFailures(rest);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(form);
    const parsed = deliveryRuleBodySchema.safeParse(body);
    setFailures([]);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        const message = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
        found[path] ??= validationText(t, message);
      }
      if (!form.savedSearchId) found.saved_search_id = validationText(t, 'validation.required');
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(body);
  };
  // A change that keeps the destination's kind may leave the secret empty: the stored one stays.
  const keepsSecret = rule !== null && (rule.destination.protocol === 's3') === (form.destination.protocol === 's3');
  const field = (path: keyof typeof FIELD_IDS) => ({ error: errors[path], 'data-testid': FIELD_IDS[path] });
  const options = searches.data?.saved_searches.map((search) => ({ value: String(search.id), label: search.name })) ?? [];
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={rule ? t('deliveryRules.editTitle') : t('deliveryRules.newTitle')}
      size="medium"
      testId="delivery-rule-dialog"
    >
      <form className="integration-form" onSubmit={submit} noValidate>
        <TextField
          label={t('deliveryRules.name')}
          hint={t('deliveryRules.nameHint')}
          value={form.name}
          maxLength={100}
          required
          autoFocus
          onChange={(event) => set('name', event.target.value)}
          {...field('name')}
        />
        {searches.error ? (
          <FormErrors messages={[deliveryRuleError(searches.error)]} testId="delivery-rule-searches-error" />
        ) : !searches.data ? (
          <LoadingFallback label={t('common.loading')} />
        ) : options.length === 0 ? (
          <p className="delivery-rule-form__none" data-testid="delivery-rule-no-searches">
            {t('deliveryRules.noSearches')} <Link to={`/${locale}${LINKS.savedSearches}`}>{t('deliveryRules.noSearchesLink')}</Link>
          </p>
        ) : (
          <SelectField
            label={t('deliveryRules.search')}
            hint={t('deliveryRules.searchHint')}
            value={form.savedSearchId}
            placeholder={t('deliveryRules.searchChoose')}
            options={options}
            required
            onChange={(event) => set('savedSearchId', event.target.value)}
            {...field('saved_search_id')}
          />
        )}
        <fieldset>
          <legend>{t('deliveryRules.fileLegend')}</legend>
          <div className="delivery-rule-form__row">
            <SelectField
              label={t('deliveryRules.format')}
              value={form.videoFormat}
              options={VIDEO_FORMATS.map((format) => ({ value: format, label: t(`deliveryRules.formats.${format}`) }))}
              onChange={(event) => set('videoFormat', event.target.value as RuleForm['videoFormat'])}
              {...field('video_format')}
            />
            {form.videoFormat === 'branded' ? (
              <SelectField
                label={t('deliveryRules.position')}
                value={form.brandPosition}
                placeholder={t('deliveryRules.positionChoose')}
                options={LOGO_POSITIONS.map((position) => ({ value: position, label: t(`deliveryRules.positions.${position}`) }))}
                required
                onChange={(event) => set('brandPosition', event.target.value as RuleForm['brandPosition'])}
                {...field('brand_position')}
              />
            ) : null}
            <SelectField
              label={t('deliveryRules.quality')}
              value={form.quality}
              options={QUALITIES.map((quality) => ({ value: quality, label: t(`deliveryRules.qualities.${quality}`) }))}
              onChange={(event) => set('quality', event.target.value as RuleForm['quality'])}
              {...field('quality')}
            />
            <SelectField
              label={t('deliveryRules.fileType')}
              value={form.fileType}
              options={CONTAINERS.map((container) => ({ value: container, label: container.toUpperCase() }))}
              onChange={(event) => set('fileType', event.target.value as RuleForm['fileType'])}
              {...field('file_type')}
            />
          </div>
        </fieldset>
        <DestinationFields
          value={form.destination}
          onChange={(destination) => set('destination', destination)}
          errors={errors}
          keepsSecret={keepsSecret}
        />
        <Checkbox
          checked={form.active}
          onCheckedChange={(on) => set('active', on)}
          label={t('deliveryRules.activeLabel')}
          description={t('deliveryRules.activeHint')}
          testId="delivery-rule-active"
        />
        <FormErrors messages={failures} testId="delivery-rule-errors" />
        <div className="integration-form__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('deliveryRules.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={options.length === 0} data-testid="delivery-rule-submit">
            {rule ? t('deliveryRules.save') : t('deliveryRules.add')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
