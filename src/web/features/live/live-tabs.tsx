import { useTranslation } from '../../lib/translation.ts';
import { NavLink, useParams } from 'react-router';
import { LINKS } from '../../../common/routes.ts';
import { useSignedIn } from '../../lib/session.ts';

/**
 * The way between the Live screens (spec: content §2): all events, recordings, the archive, and my
 * events for a signed-in user. The menu keeps the spec's two items; these tabs reach the rest. The
 * current screen is marked for assistive technology too (aria-current, set by NavLink).
 */
export function LiveTabs() {
  const { t } = useTranslation();
  const { locale = 'en' } = useParams();
  const signedIn = useSignedIn();
  const tabs = [
    { id: 'all-events', label: t('live.allEvents'), path: LINKS.events },
    { id: 'recordings', label: t('live.recordingsTab'), path: LINKS.liveRecordings },
    { id: 'archive', label: t('live.archiveTab'), path: LINKS.archivedEvents },
    ...(signedIn ? [{ id: 'my-events', label: t('live.myEventsTitle'), path: LINKS.myEvents }] : []),
  ];
  return (
    <nav className="live-tabs" aria-label={t('live.sections')} data-testid="live-tabs">
      <ul className="live-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <NavLink className="live-tabs__link" to={`/${locale}${tab.path}`} end data-testid={`live-tab-${tab.id}`}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
