import type { Alert } from '../../../common/alerts.ts';

const STORAGE_KEY = 'newsreel.collapsed-alerts';
/** Enough for every alert a newsroom keeps up at once; the oldest are forgotten first. */
const REMEMBERED = 50;

/** One alert as it reads now: a changed alert (a new updated_at) is another key, so it opens again. */
export const alertVersion = (alert: Pick<Alert, 'id' | 'updated_at'>) => `${alert.id}@${alert.updated_at}`;

function read(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function isCollapsed(alert: Alert): boolean {
  return read().includes(alertVersion(alert));
}

/** Remembers (spec: per alert id and updated_at) whether this tab's reader collapsed the bar. */
export function rememberCollapsed(alert: Alert, collapsed: boolean) {
  const version = alertVersion(alert);
  const others = read().filter((item) => item !== version && !item.startsWith(`${alert.id}@`));
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(collapsed ? [...others, version].slice(-REMEMBERED) : others));
  } catch {
    // Storage full or refused (a private window): the bar stays as chosen until the page reloads.
  }
}
