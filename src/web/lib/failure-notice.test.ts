import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '../ui/notifications/notification-store.ts';
import { ApiError } from './api-client.ts';
import { noticeFailures, notifyFailure } from './failure-notice.ts';
import { createQueryClient } from './query-client.ts';

describe('a failed action', () => {
  afterEach(() => notifications.clear());

  it('is said in a notification for 5 s: the code translated, else the server message, else "Error"', () => {
    notifyFailure(new ApiError(422, [{ code: 'unknown_code_here', message: 'The VAT ID is not known to the registry' }]));
    notifyFailure(new TypeError('Failed to fetch'));
    const shown = notifications.getSnapshot();
    expect(shown.map((item) => [item.type, item.children, item.timeout])).toEqual([
      ['error', 'The VAT ID is not known to the registry', 5000],
      ['error', 'Error', 5000],
    ]);
  });

  it('is not a failure when it is the sign-in asking for the second factor', () => {
    notifyFailure(new ApiError(401, [{ code: 'user_need_2FA', message: 'A code was sent' }]));
    expect(notifications.getSnapshot()).toEqual([]);
  });

  it('every mutation of the app goes through it', async () => {
    const client = createQueryClient();
    const stop = noticeFailures(client.getMutationCache());
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(409, [{ code: 'x_conflict', message: 'Someone saved first' }])),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('Someone saved first');
    expect(notifications.getSnapshot().map((item) => item.children)).toEqual(['Someone saved first']);
    stop();
  });
});
