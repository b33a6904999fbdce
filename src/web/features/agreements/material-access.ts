import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { accessAgreementOf, accessTo, type AccessDecision, type Material } from '../../../common/access.ts';
import { useSignedIn } from '../../lib/session.ts';
import { agreementsApi } from './api.ts';
import { AGREEMENT_KEYS } from './queries.ts';

/**
 * The access rules (common/access.ts) applied to the signed-in user's agreements, for badges: the
 * server decides every download with the same function. Null for a visitor, or while the
 * agreements are loading.
 */
export function useMaterialAccess(): ((material: Material) => AccessDecision) | null {
  const signedIn = useSignedIn();
  const { data } = useQuery({
    queryKey: AGREEMENT_KEYS.agreements,
    queryFn: ({ signal }) => agreementsApi.agreements(signal),
    enabled: signedIn,
  });
  return useMemo(() => {
    if (!signedIn || !data) return null;
    const now = new Date();
    const agreements = data.agreements.map((agreement) => accessAgreementOf(agreement, now));
    return (material: Material) => accessTo({ signedIn: true, agreements }, material);
  }, [signedIn, data]);
}
