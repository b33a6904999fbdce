import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { ALERT_TARGETS, ALERT_TYPES, type Alert, type AlertTarget, type AlertType } from '../../../../common/alerts.ts';
import { errorText } from '../../../lib/api-client.ts';
import { translateIfExists } from '../../../lib/i18n.ts';
import { Button } from '../../../ui/button.tsx';
import { FormErrors, SelectField, TextField } from '../../../ui/field.tsx';
import { LoadingFallback } from '../../../ui/loading.tsx';
import { notifications } from '../../../ui/notifications/notification-store.ts';
import { errorsOf, LIVE_DESK_KEYS, liveDeskApi } from './api.ts';
import './desk-live.css';

type Draft = { title: string; alert_type: AlertType; target_link_to: AlertTarget; custom_url: string; live_event_extid: string };
const EMPTY: Draft = { title: '', alert_type: 'red', target_link_to: 'custom', custom_url: '', live_event_extid: '' };

/** /{locale}/desk/alerts (role live): the red and yellow bars on every customer's page, created, edited and ended here. */
export function AlertsPage() {
  const { t } = useTranslation();
  const alerts = useQuery({ queryKey: LIVE_DESK_KEYS.alerts, queryFn: ({ signal }) => liveDeskApi.alerts(signal) });
  return (
    <section className="desk-live" data-testid="desk-alerts">
      <h1>{t('deskLive.alerts.title')}</h1>
      <p className="desk__lead">{t('deskLive.alerts.lead')}</p>
      <AlertForm alert={null} />
      <h2>{t('deskLive.alerts.current')}</h2>
      {alerts.isPending ? (
        <LoadingFallback label={t('common.loading')} />
      ) : alerts.isError ? (
        <p role="alert">{t('deskLive.loadFailed')}</p>
      ) : alerts.data.alerts.length === 0 ? (
        <p className="desk__lead">{t('deskLive.alerts.none')}</p>
      ) : (
        <ul className="desk-live__cards">
          {alerts.data.alerts.map((alert) => (
            <AlertCard key={`${alert.id}-${alert.updated_at}`} alert={alert} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AlertCard({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const end = useMutation({
    mutationFn: () => liveDeskApi.endAlert(alert.id),
    onSuccess: () => {
      client.setQueryData<{ alerts: Alert[] }>(
        LIVE_DESK_KEYS.alerts,
        (old) => old && { alerts: old.alerts.filter((one) => one.id !== alert.id) },
      );
      notifications.notify({ type: 'success', children: t('deskLive.alerts.ended') });
    },
    onError: (error) => notifications.notify({ type: 'error', children: errorText(error, translateIfExists) }),
  });
  return (
    <li className={`desk-live__card desk-live__card--${alert.alert_type}`} data-testid="desk-alert">
      <p className="desk-live__card-title">
        <span className={`desk-live__swatch desk-live__swatch--${alert.alert_type}`} aria-hidden />
        <strong>{alert.title}</strong> <span>({t(`deskLive.alerts.types.${alert.alert_type}`)})</span>
      </p>
      <p dir="ltr" className="desk-live__url">
        {alert.target_link_to === 'custom' ? alert.custom_url : `/events/${alert.live_event_extid ?? ''}`}
      </p>
      {editing ? <AlertForm alert={alert} onDone={() => setEditing(false)} /> : null}
      <div className="desk-live__moves">
        <Button size="small" variant="secondary" onClick={() => setEditing(!editing)}>
          {editing ? t('deskLive.cancel') : t('deskLive.edit')}
        </Button>
        <Button size="small" variant="red" loading={end.isPending} onClick={() => end.mutate()} data-testid="desk-alert-end">
          {t('deskLive.alerts.end')}
        </Button>
      </div>
    </li>
  );
}

function AlertForm({ alert, onDone }: { alert: Alert | null; onDone?: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    alert
      ? {
          title: alert.title,
          alert_type: alert.alert_type,
          target_link_to: alert.target_link_to,
          custom_url: alert.custom_url ?? '',
          live_event_extid: alert.live_event_extid ?? '',
        }
      : EMPTY,
  );
  const events = useQuery({
    queryKey: LIVE_DESK_KEYS.events({ status: 'upcoming' }),
    queryFn: ({ signal }) => liveDeskApi.events({ status: ['confirmed', 'delayed', 'ahead', 'live', 'next'] }, signal),
  });
  const save = useMutation({
    mutationFn: (body: Draft) => {
      const payload = {
        ...body,
        custom_url: body.target_link_to === 'custom' ? body.custom_url : null,
        live_event_extid: body.target_link_to === 'live_event' ? body.live_event_extid : null,
      };
      return alert ? liveDeskApi.updateAlert(alert.id, payload) : liveDeskApi.createAlert(payload);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: LIVE_DESK_KEYS.alerts });
      notifications.notify({ type: 'success', children: t('deskLive.saved') });
      if (!alert) setDraft(EMPTY);
      onDone?.();
    },
  });
  const { fields, other } = errorsOf(save.error, 'alert.');
  const submit = (form: FormEvent) => {
    form.preventDefault();
    save.mutate(draft);
  };
  const prefix = alert ? `alert-${alert.id}` : 'alert-new';
  return (
    <form className="live-form desk-live__panel" onSubmit={submit} noValidate data-testid={alert ? 'alert-edit-form' : 'alert-new-form'}>
      {alert ? null : <h2>{t('deskLive.alerts.new')}</h2>}
      <div className="live-form__grid">
        <TextField
          label={t('deskLive.alerts.text')}
          value={draft.title}
          required
          error={fields.title}
          onChange={(c) => setDraft({ ...draft, title: c.target.value })}
          data-testid={`${prefix}-title`}
        />
        <SelectField
          label={t('deskLive.alerts.type')}
          value={draft.alert_type}
          options={ALERT_TYPES.map((type) => ({ value: type, label: t(`deskLive.alerts.types.${type}`) }))}
          onChange={(c) => setDraft({ ...draft, alert_type: c.target.value as AlertType })}
          data-testid={`${prefix}-type`}
        />
        <SelectField
          label={t('deskLive.alerts.target')}
          value={draft.target_link_to}
          options={ALERT_TARGETS.map((target) => ({ value: target, label: t(`deskLive.alerts.targets.${target}`) }))}
          onChange={(c) => setDraft({ ...draft, target_link_to: c.target.value as AlertTarget })}
          data-testid={`${prefix}-target`}
        />
        {draft.target_link_to === 'custom' ? (
          <TextField
            label={t('deskLive.alerts.url')}
            hint={t('deskLive.alerts.urlHint')}
            value={draft.custom_url}
            dir="ltr"
            required
            error={fields.custom_url}
            onChange={(c) => setDraft({ ...draft, custom_url: c.target.value })}
            data-testid={`${prefix}-url`}
          />
        ) : (
          <SelectField
            label={t('deskLive.alerts.event')}
            value={draft.live_event_extid}
            placeholder={t('deskLive.alerts.chooseEvent')}
            required
            error={fields.live_event_extid}
            options={(events.data?.events ?? []).map((event) => ({ value: event.slug, label: event.title }))}
            onChange={(c) => setDraft({ ...draft, live_event_extid: c.target.value })}
            data-testid={`${prefix}-event`}
          />
        )}
      </div>
      <FormErrors messages={other} />
      <Button type="submit" size="small" loading={save.isPending} data-testid={`${prefix}-save`}>
        {alert ? t('deskLive.form.save') : t('deskLive.alerts.create')}
      </Button>
    </form>
  );
}
