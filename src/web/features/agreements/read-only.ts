import { createContext, useContext } from 'react';

/**
 * Plan details shown to someone who may not act on them: the sales desk reading what a customer
 * sees (issue 29). The cards say the same, without the buttons that would act as the reader.
 */
export const ReadOnlyPlanDetails = createContext(false);
export const useReadOnlyPlanDetails = () => useContext(ReadOnlyPlanDetails);
