import { useTranslation } from '../../lib/translation.ts';
import type { CurrentUser } from '../../../common/accounts.ts';
import { useTimeZones } from './reference-queries.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useChangeTimeZone } from './change-time-zone.ts';
import './time-zone-select.css';

/** A compact time-zone chooser for the footer. */
export function TimeZoneSelect({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const zones = useTimeZones();
  const change = useChangeTimeZone(user);
  const known = zones.data ?? [];
  return (
    <label className="time-zone-select">
      <span>{t('accounts.fields.timeZone')}</span>
      <select value={zone} onChange={(event) => change(event.target.value)} data-testid="time-zone-select">
        {known.some((z) => z.code === zone) ? null : <option value={zone}>{zone}</option>}
        {known.map((z) => (
          <option key={z.code} value={z.code}>
            {`(UTC${z.offset}) ${z.name}`}
          </option>
        ))}
      </select>
    </label>
  );
}
