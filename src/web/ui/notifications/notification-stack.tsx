import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { noticeFailures } from '../../lib/failure-notice.ts';
import { CloseIcon } from '../icons.tsx';
import { notifications, useNotifications } from './notification-store.ts';
import './notifications.css';

/** Notification stack with a close button on each (spec: accounts §2 "Dialogs and overlays"). */
export function NotificationStack() {
  const items = useNotifications();
  const client = useQueryClient();
  // Failed actions are said here too, for 5 s (spec: accounts §9).
  useEffect(() => noticeFailures(client.getMutationCache()), [client]);
  const { t } = useTranslation();
  return (
    <section className="notification-stack" aria-label={t('notifications.region')}>
      {items.map((item) => (
        <div
          key={item.id}
          className={`notification notification--${item.type}`}
          role={item.type === 'error' ? 'alert' : 'status'}
          data-testid="notification"
          data-type={item.type}
        >
          <div className="notification__body">
            {item.title ? <p className="notification__title">{item.title}</p> : null}
            <p className="notification__text">{item.children}</p>
            {item.buttons.length > 0 ? (
              <div className="notification__buttons">
                {item.buttons.map((button) => (
                  <button
                    key={button.text}
                    type="button"
                    className="notification__button"
                    onClick={() => {
                      button.onClick();
                      notifications.dismiss(item.id);
                    }}
                  >
                    {button.text}
                  </button>
                ))}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            className="notification__close"
            aria-label={t('notifications.close')}
            onClick={() => notifications.dismiss(item.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>
  );
}
