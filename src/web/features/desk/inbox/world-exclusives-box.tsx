import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import {
  WORLD_EXCLUSIVE_MOVES,
  WORLD_EXCLUSIVE_STATES,
  WORLD_EXCLUSIVE_TOLD,
  type DeskWorldExclusive,
  type WorldExclusiveState,
} from '../../../../common/desk-inbox.ts';
import { LINKS } from '../../../../common/routes.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { INBOX_KEYS, inboxApi } from './inbox-api.ts';
import { InboxControls } from './inbox-controls.tsx';
import { InboxList, When } from './inbox-list.tsx';
import { StateFilter, type BoxFilters } from './inbox-page.tsx';

/** The world-exclusive requests: which video, who asked, and the desk's offer, sale or refusal. */
export function WorldExclusivesBox({ filters, onState }: { filters: BoxFilters; onState: (value: string) => void }) {
  const { t } = useTranslation();
  const key = INBOX_KEYS.box('exclusives', filters);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => inboxApi.worldExclusives(filters, signal),
    select: (answer) => answer.requests,
  });
  const label = (state: WorldExclusiveState) => t(`desk.inbox.exclusiveStates.${state}`);
  return (
    <>
      <StateFilter states={WORLD_EXCLUSIVE_STATES} value={filters.state ?? ''} label={label} onChange={onState} />
      <InboxList query={query} testId="inbox-exclusives" item={(request) => <Request key={request.id} request={request} label={label} />} />
    </>
  );
}

function Request({ request, label }: { request: DeskWorldExclusive; label: (state: WorldExclusiveState) => string }) {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const client = useQueryClient();
  return (
    <li className="desk-inbox__item" data-testid={`exclusive-${request.id}`} data-state={request.state}>
      <div className="desk-inbox__facts">
        <a className="desk-inbox__title" href={`/${locale}${LINKS.video(request.video.slug)}`} target="_blank" rel="noreferrer">
          {request.video.title}
        </a>
        <span>
          {request.customer.name ? `${request.customer.name} · ` : null}
          <bdi dir="ltr">{request.customer.email}</bdi>
          {request.customer.company ? ` · ${request.customer.company}` : null}
        </span>
        <span className="desk-inbox__when">
          {t('desk.inbox.asked')} <When at={request.created_at} />
        </span>
      </div>
      <InboxControls
        key={`${request.id}-${request.state}`}
        state={request.state}
        moves={WORLD_EXCLUSIVE_MOVES}
        stateLabel={label}
        assignee={request.assignee}
        deskNote={request.desk_note}
        toldStates={WORLD_EXCLUSIVE_TOLD}
        onChange={async (change) => {
          await inboxApi.changeWorldExclusive(request.id, change);
          await client.invalidateQueries({ queryKey: ['desk', 'inbox', 'exclusives'] });
        }}
        testId={`exclusive-${request.id}-controls`}
      />
    </li>
  );
}
