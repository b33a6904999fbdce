import { describe, expect, it } from 'vitest';
import { matchPattern, matchRoute } from './routes.ts';

describe('screen routes', () => {
  it('matches known screens with or without a trailing slash or query', () => {
    expect(matchRoute('/')).toBe('dashboard');
    expect(matchRoute('/old-browsers')).toBe('oldBrowsers');
    expect(matchRoute('/server-error/?from=x')).toBe('serverError');
    expect(matchRoute('/no-such-page')).toBeNull();
  });

  it('has a request form for the enterprise and regional plans only (spec: accounts §2)', () => {
    expect(matchRoute('/plans')).toBe('plans');
    expect(matchRoute('/plans/request-enterprise')).toBe('planRequestEnterprise');
    expect(matchRoute('/plans/request-regional?from=menu')).toBe('planRequestRegional');
    expect(matchRoute('/plans/request-pass')).toBeNull();
    expect(matchRoute('/plans/request-')).toBeNull();
    expect(matchRoute('/user/plan-details')).toBe('userPlanDetails');
    expect(matchRoute('/user/planning')).toBe('userPlanning');
  });

  it('has the live screens: the events, my events, recordings, the archive, and any other slug under /events is an event (spec: content §2)', () => {
    expect(matchRoute('/events')).toBe('events');
    expect(matchRoute('/events/my-events')).toBe('myEvents');
    expect(matchRoute('/events/recordings?page=2')).toBe('liveRecordings');
    expect(matchRoute('/events/archived-events')).toBe('archivedEvents');
    expect(matchRoute('/events/flood-relief-press-conference?from=alert')).toBe('liveEvent');
    expect(matchRoute('/events/a/b')).toBeNull();
  });

  it('extracts parameters', () => {
    expect(matchPattern('/videos/:filter/:name', '/videos/tags/elections%202026')).toEqual({ filter: 'tags', name: 'elections 2026' });
    expect(matchPattern('/videos/:id', '/videos/a/b')).toBeNull();
  });
});
