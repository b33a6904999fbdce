import { queryOptions } from '@tanstack/react-query';
import type { LogoPosition } from '../../../common/catalogue-values.ts';
import type { FirstViewQueries } from '../../lib/first-view.ts';
import { DEFAULT_LOGO_POSITION } from '../../ui/logo-positions.ts';
import { catalogueApi } from './api.ts';
import { catalogueQueries } from './queries.ts';

/** The files a video is offered in, for its download panel. */
export const formatsQuery = (id: number, signedIn: boolean, position: LogoPosition) =>
  queryOptions({
    // The logo position names a branded file: whether that one exists already.
    queryKey: ['video-formats', id, signedIn, position],
    queryFn: ({ signal }) => catalogueApi.formats(id, signedIn, position, signal),
  });

/** A visitor's first view of a video's page (see queries.ts): the story, then by its id its files, the related stories and the trending list. */
export const videoFirstView: FirstViewQueries = async (client, { locale, params }) => {
  const story = await client.fetchQuery(catalogueQueries.video(locale, params.id ?? '', false));
  await Promise.all([
    client.prefetchQuery(formatsQuery(story.id, false, DEFAULT_LOGO_POSITION)),
    client.prefetchQuery(catalogueQueries.related(locale, story.id)),
    client.prefetchQuery(catalogueQueries.dashboard(locale, {})),
  ]);
};
