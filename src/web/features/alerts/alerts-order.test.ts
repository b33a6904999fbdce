import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../common/alerts.ts';
import { applyAlertMessage } from './alerts-live.ts';
import { inBarOrder } from './alerts-query.ts';

const alert = (id: number, alert_type: Alert['alert_type']): Alert => ({
  id,
  updated_at: '2026-11-29T07:00:00.000Z',
  title: `alert ${id}`,
  alert_type,
  target_link_to: 'custom',
  custom_url: '/videos',
  live_event_extid: null,
});

describe('the alert bars’ order (issue 28: red stays first)', () => {
  it('puts breaking (red) above live (yellow), newest first within a colour', () => {
    const order = inBarOrder([alert(3, 'yellow'), alert(2, 'red'), alert(1, 'yellow'), alert(4, 'red')]).map(({ id }) => id);
    expect(order).toEqual([4, 2, 3, 1]);
  });

  it('keeps red first after a real-time change to an older yellow alert', () => {
    const answered = [alert(2, 'red'), alert(1, 'yellow')];
    const changed = applyAlertMessage(answered, { type: 'updated', alert: { ...alert(1, 'yellow'), title: 'changed' } });
    expect(inBarOrder(changed).map(({ id, alert_type }) => `${id}:${alert_type}`)).toEqual(['2:red', '1:yellow']);
    const added = applyAlertMessage(changed, { type: 'created', alert: alert(5, 'yellow') });
    expect(inBarOrder(added).map(({ id }) => id)).toEqual([2, 5, 1]);
  });
});
