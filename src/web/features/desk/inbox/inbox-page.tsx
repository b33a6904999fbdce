import { Link, useParams, useSearchParams } from 'react-router';
import { DESK_ROUTES } from '../../../../common/desk-routes.ts';
import { useTranslation } from '../../../lib/translation.ts';
import { useAssignees } from './inbox-api.ts';
import { LiveBookingsBox } from './live-bookings-box.tsx';
import { StudioBookingsBox } from './studio-bookings-box.tsx';
import { WorldExclusivesBox } from './world-exclusives-box.tsx';
import './inbox.css';

export const BOXES = ['exclusives', 'studio', 'live'] as const;
export type Box = (typeof BOXES)[number];

/** A box's filters as its list call takes them: a state and whose items; empty ones left out. */
export type BoxFilters = { state?: string; assignee?: string };

/**
 * /{locale}/desk/inbox (sales role, issue 29): the requests customers send, one box at a time —
 * world-exclusive requests, studio bookings, live bookings — each filtered by state and by whose
 * items they are; the careers inbox and the chats have screens of their own, linked from here.
 * The box and the filters live in the address, so a link shows the same list.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const [params, setParams] = useSearchParams();
  const box: Box = BOXES.find((name) => name === params.get('box')) ?? 'exclusives';
  const filters: BoxFilters = {
    ...(params.get('state') ? { state: params.get('state') ?? '' } : {}),
    ...(params.get('assignee') ? { assignee: params.get('assignee') ?? '' } : {}),
  };
  const set = (name: string, value: string) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name === 'box') next.delete('state');
      return next;
    });
  return (
    <section className="desk-inbox" data-testid="desk-inbox">
      <h1>{t('desk.menu.inbox')}</h1>
      <nav className="desk-inbox__tabs" aria-label={t('desk.inbox.boxes')}>
        {BOXES.map((name) => (
          <button
            key={name}
            type="button"
            className="desk-inbox__tab"
            aria-current={name === box ? 'page' : undefined}
            onClick={() => set('box', name)}
            data-testid={`inbox-tab-${name}`}
          >
            {t(`desk.inbox.box.${name}`)}
          </button>
        ))}
        <Link className="desk-inbox__tab" to={`/${locale}${DESK_ROUTES.deskChats.path}`}>
          {t('desk.menu.chats')}
        </Link>
      </nav>
      <AssigneeFilter value={filters.assignee ?? ''} onChange={(value) => set('assignee', value)} />
      {box === 'exclusives' ? <WorldExclusivesBox filters={filters} onState={(value) => set('state', value)} /> : null}
      {box === 'studio' ? <StudioBookingsBox filters={filters} onState={(value) => set('state', value)} /> : null}
      {box === 'live' ? <LiveBookingsBox filters={filters} onState={(value) => set('state', value)} /> : null}
    </section>
  );
}

function AssigneeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const assignees = useAssignees();
  return (
    <div className="desk-inbox__filter">
      <label className="field__label" htmlFor="inbox-assignee">
        {t('desk.inbox.whose')}
      </label>
      <select
        id="inbox-assignee"
        className="field__control"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="inbox-assignee"
      >
        <option value="">{t('desk.inbox.anyone')}</option>
        <option value="me">{t('desk.inbox.mine')}</option>
        <option value="none">{t('desk.inbox.unassignedOnes')}</option>
        {(assignees.data ?? []).map((assignee) => (
          <option key={assignee.id} value={assignee.id}>
            {assignee.name || assignee.email}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A box's state filter: every state of its inbox, or all. */
export function StateFilter<S extends string>(props: {
  states: readonly S[];
  value: string;
  label: (state: S) => string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="desk-inbox__filter">
      <label className="field__label" htmlFor="inbox-state">
        {t('desk.inbox.state')}
      </label>
      <select
        id="inbox-state"
        className="field__control"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid="inbox-state"
      >
        <option value="">{t('desk.inbox.allStates')}</option>
        {props.states.map((state) => (
          <option key={state} value={state}>
            {props.label(state)}
          </option>
        ))}
      </select>
    </div>
  );
}
