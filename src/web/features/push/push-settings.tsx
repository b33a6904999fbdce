import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { LOCALES, LOCALE_NAMES, type Locale } from '../../../common/locales.ts';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import './push-settings.css';
import { Dialog } from '../../ui/dialog.tsx';
import { notifications } from '../../ui/notifications/notification-store.ts';
import { externalId, saveSettings, savedSettings, subscription, subscriptionUnsent } from './push-client.ts';
import { pushSupported, usePushSettingsAsked } from './push-settings-store.ts';

/**
 * Web push, once the app has been up 5 s (spec: content §4 "Push", §9): the permission is asked;
 * granted, the browser subscribes, and a browser without settings gets the current locale's and
 * the settings popup (a checkbox per locale). Saving shows success at once, then sends them. The
 * footer's "Notification settings" opens the popup again, with the settings as saved.
 */
export function PushSettings({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const asked = usePushSettingsAsked();
  const [open, setOpen] = useState(false);
  const [locales, setLocales] = useState<Locale[]>([locale]);
  const [pushSubscription, setPushSubscription] = useState<PushSubscriptionJSON | null>(null);

  useEffect(() => {
    if (!pushSupported()) return;
    let current = true;
    void (async () => {
      const permitted = await permittedSettings();
      if (!permitted || !current) return;
      const { id, made, saved } = permitted;
      setPushSubscription(made);
      if (!saved) {
        await saveSettings(id, [locale], made);
        if (current) setOpen(true);
      } else {
        setLocales(saved.notification_locales);
        if (subscriptionUnsent(made, saved)) await saveSettings(id, saved.notification_locales, made);
      }
    })().catch((error: unknown) => console.info('web push:', error));
    return () => {
      current = false;
    };
    // Asked once per visit, in the locale of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (asked === 0 || !pushSupported()) return;
    let current = true;
    void (async () => {
      const permitted = await permittedSettings();
      if (!permitted || !current) return;
      setPushSubscription(permitted.made);
      setLocales(permitted.saved?.notification_locales ?? [locale]);
      setOpen(true);
    })().catch((error: unknown) => console.info('web push:', error));
    return () => {
      current = false;
    };
    // Each ask opens the popup once, with the settings of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);

  const toggle = (code: Locale, on: boolean) => setLocales((was) => (on ? [...new Set([...was, code])] : was.filter((l) => l !== code)));
  const save = () => {
    setOpen(false);
    notifications.notify({ type: 'success', children: t('push.saved') });
    saveSettings(externalId(), locales, pushSubscription).catch(() =>
      notifications.notify({ type: 'error', children: t('push.saveFailed') }),
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('push.title')}
      description={t('push.lead')}
      size="small"
      testId="push-settings"
      footer={
        <Button onClick={save} disabled={locales.length === 0} data-testid="push-settings-save">
          {t('push.save')}
        </Button>
      }
    >
      <fieldset className="push-settings__locales">
        <legend className="visually-hidden">{t('push.locales')}</legend>
        {LOCALES.map((code) => (
          <Checkbox
            key={code}
            label={<span lang={code}>{LOCALE_NAMES[code]}</span>}
            checked={locales.includes(code)}
            onCheckedChange={(on) => toggle(code, on)}
            testId={`push-locale-${code}`}
          />
        ))}
      </fieldset>
    </Dialog>
  );
}

/** With the permission granted: this browser's id, its subscription and its saved settings. */
async function permittedSettings() {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    console.info(`web push: permission ${permission}`);
    return null;
  }
  const id = externalId();
  const [made, saved] = await Promise.all([subscription(), savedSettings(id)]);
  return { id, made, saved };
}
