import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/translation.ts';
import { LoadingFallback } from '../../../ui/loading.tsx';

type Props<T> = {
  query: { isPending: boolean; isError: boolean; data?: T[] };
  item: (row: T) => ReactNode;
  testId: string;
};

/** A box's list: loading, failure, empty, or one card per item. */
export function InboxList<T>({ query, item, testId }: Props<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingFallback label={t('common.loading')} />;
  if (query.isError || !query.data) return <p role="alert">{t('desk.inbox.failed')}</p>;
  if (query.data.length === 0) return <p data-testid={`${testId}-empty`}>{t('desk.inbox.empty')}</p>;
  return (
    <ul className="desk-inbox__list" data-testid={testId}>
      {query.data.map(item)}
    </ul>
  );
}

/** When, in the reader's language and time. */
export function When({ at, dateOnly = false }: { at: string; dateOnly?: boolean }) {
  const { i18n } = useTranslation();
  const value = dateOnly ? new Date(`${at}T12:00:00Z`) : new Date(at);
  return (
    <time dateTime={at}>
      {new Intl.DateTimeFormat(
        i18n.language,
        dateOnly ? { dateStyle: 'medium', timeZone: 'UTC' } : { dateStyle: 'medium', timeStyle: 'short' },
      ).format(value)}
    </time>
  );
}
