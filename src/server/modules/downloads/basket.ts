import { basketDownloadBodySchema, type BasketDownloadBody, type BasketDownloadResult } from '../../../common/downloads.ts';
import type { SiteVariant } from '../../../common/site.ts';
import { AppError, Invalid } from '../../http/errors.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { requestDownload, type DownloadsContext } from './service.ts';

/**
 * POST /api/current_user/basket_downloads (issue 28, "select several videos and act on them at
 * once"): one rendition of each video, each asked for as the single download is — its own access
 * check, charge, daily count and member limit under the user's lock, one after another — so a
 * basket can never take more than the same downloads clicked one by one. A video refused (no
 * licence, a limit reached, not offered in that file) is said beside it; the others go on.
 */
export async function requestBasket(
  ctx: DownloadsContext,
  user: UserRow,
  body: BasketDownloadBody,
  site: SiteVariant,
): Promise<BasketDownloadResult> {
  const input = basketDownloadBodySchema.parse(body);
  if (!input.restrictions_accepted)
    throw new Invalid({
      code: 'restrictions_required',
      field: 'restrictions_accepted',
      message: 'You must agree to restrictions to download',
    });
  const { video_project_ids: ids, ...rendition } = input;
  const items: BasketDownloadResult['items'] = [];
  for (const id of ids) {
    try {
      const result = await requestDownload(ctx, user, String(id), rendition, site);
      items.push({ video_project_id: id, result, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const [first] = error.items;
      items.push({ video_project_id: id, result: null, error: { code: first?.code ?? 'download_refused', message: error.message } });
    }
  }
  return { items };
}
