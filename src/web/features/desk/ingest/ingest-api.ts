import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DeskIngestMessage, IngestItem } from '../../../../common/newsroom-ingest.ts';
import { CHANNELS } from '../../../../common/realtime-channels.ts';
import { api } from '../../../lib/api.ts';
import { subscribe } from '../../realtime/cable.ts';

export const INGEST_KEYS = { item: (id: number) => ['desk', 'ingest', 'item', id] as const };

/** Where an item's media is: asked once, then kept current by the desk's ingest channel. */
export function useIngestItem(id: number | null) {
  return useQuery({
    queryKey: INGEST_KEYS.item(id ?? 0),
    queryFn: ({ signal }) => api.get<IngestItem>(`/api/desk/ingest/items/${id}`, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/**
 * Listens to the desk's ingest channel while the page is open: each message replaces the item's
 * cached media; after a reconnection every item is asked again (messages may have been missed).
 */
export function useIngestChannel() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe<DeskIngestMessage>(CHANNELS.deskIngest, {
        received: (message) => {
          if (message.type === 'media') queryClient.setQueryData(INGEST_KEYS.item(message.item.id), message.item);
        },
        connected: () => void queryClient.invalidateQueries({ queryKey: ['desk', 'ingest'] }),
      }),
    [queryClient],
  );
}
