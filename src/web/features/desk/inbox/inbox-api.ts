import { useQuery } from '@tanstack/react-query';
import type { Assignee } from '../../../../common/desk-inbox.ts';
import { api } from '../../../lib/api.ts';

/** Who inbox items may be assigned to (sales and admin staff); the same for every inbox. */
export function useAssignees() {
  return useQuery({
    queryKey: ['desk', 'inbox', 'assignees'],
    queryFn: ({ signal }) => api.get<{ assignees: Assignee[] }>('/api/desk/inbox/assignees', { signal }),
    staleTime: 5 * 60_000,
    select: (answer) => answer.assignees,
  });
}
