import { useQuery } from '@tanstack/react-query';
import type { ContentRecipients } from '../../../../common/content-recipients.ts';
import { api } from '../../../lib/api.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { LoadingFallback } from '../../../ui/loading.tsx';

const recipientsOf = (id: number, signal?: AbortSignal) => api.get<ContentRecipients>(`/api/desk/content/${id}/recipients`, { signal });

/**
 * A killed or corrected story's "who was told" (issue 30): each person who received it, with when
 * the app, the e-mail and the push told them and whether they have read it; each system (webhook
 * endpoint, delivery rule) with its state. Those who have not acknowledged come first.
 */
export function RecipientsPanel({ itemId, revision, state }: { itemId: number; revision: number; state: string }) {
  const { t, i18n } = useTranslation();
  // Asked again when the story moves on (a correction after a kill cannot happen, but a second correction can).
  const recipients = useQuery({
    queryKey: ['desk', 'content', 'recipients', itemId, revision, state],
    queryFn: ({ signal }) => recipientsOf(itemId, signal),
    refetchInterval: 15_000,
  });
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  if (recipients.error) throw recipients.error;
  if (!recipients.data) return <LoadingFallback label={t('common.loading')} />;
  const { news, people, systems } = recipients.data;
  if (!news) return null;
  const waiting = people.filter((person) => !person.acknowledged_at).length;
  const sorted = [...people].sort((a, b) => Number(Boolean(a.acknowledged_at)) - Number(Boolean(b.acknowledged_at)));
  return (
    <section className="desk-recipients" aria-labelledby="recipients-title" data-testid="content-recipients">
      <h2 id="recipients-title">{t(`deskContent.recipients.title.${news}`)}</h2>
      <p className="desk-recipients__summary" data-testid="recipients-summary">
        {people.length === 0 && systems.length === 0
          ? t('deskContent.recipients.nobody')
          : t('deskContent.recipients.summary', { people: people.length, waiting, systems: systems.length })}
      </p>
      {people.length > 0 ? (
        <div className="desk-recipients__scroll">
          <table className="desk-recipients__table">
            <thead>
              <tr>
                <th scope="col">{t('deskContent.recipients.person')}</th>
                <th scope="col">{t('deskContent.recipients.received')}</th>
                <th scope="col">{t('deskContent.recipients.app')}</th>
                <th scope="col">{t('deskContent.recipients.mail')}</th>
                <th scope="col">{t('deskContent.recipients.push')}</th>
                <th scope="col">{t('deskContent.recipients.acknowledged')}</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((person) => (
                <tr key={person.user_id} data-testid="recipient-person" data-acknowledged={person.acknowledged_at ? 'yes' : 'no'}>
                  <th scope="row">
                    <span dir="auto">{person.name || person.email}</span>
                    <small dir="ltr">{person.email}</small>
                    {person.company ? <small dir="auto">{person.company}</small> : null}
                  </th>
                  <td>
                    {when(person.first_received_at)}
                    {person.files > 1 ? <small>{t('deskContent.recipients.files', { count: person.files })}</small> : null}
                  </td>
                  <td>{when(person.told_at)}</td>
                  <td>{when(person.mailed_at)}</td>
                  <td>{when(person.pushed_at)}</td>
                  <td>{person.acknowledged_at ? when(person.acknowledged_at) : <strong>{t('deskContent.recipients.notYet')}</strong>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {systems.length > 0 ? (
        <ul className="desk-recipients__systems">
          {systems.map((system, index) => (
            <li key={`${system.channel}-${index}`} data-testid="recipient-system" data-state={system.state}>
              <strong>{t(`deskContent.recipients.channels.${system.channel}`)}</strong> <span dir="ltr">{system.target}</span> ·{' '}
              <span dir="ltr">{system.owner_email}</span> ·{' '}
              {t(`deskContent.recipients.states.${system.state}`, { defaultValue: system.state })}{' '}
              {system.delivered_at ? `· ${when(system.delivered_at)}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
