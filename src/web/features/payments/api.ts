import type {
  ConfirmBody,
  InitiateBody,
  paymentConfigSchema,
  purchaseResultSchema,
  rejectionCountSchema,
  savedCardsSchema,
  testPaymentMethodSchema,
} from '../../../common/payments.ts';
import type { priceSchema } from '../../../common/taxes.ts';
import type { Answer } from '../../lib/api-client.ts';
import { api } from '../../lib/api.ts';

export type PurchaseResult = Answer<typeof purchaseResultSchema>;
/** A price of the pass, a video, or an agreement's top-up items. */
export type PriceQuery = { plan?: string; video_project_id?: number; agreement_id?: number; kind?: string; quantity?: number };
export type Price = Answer<typeof priceSchema>;
type SavedCards = Answer<typeof savedCardsSchema>;

const PAYMENT_METHODS = '/api/current_user/payments/payment_methods';

/** The checkout calls of spec: accounts §7 "Payments", typed by the shared contracts. */
export const paymentsApi = {
  config: (signal?: AbortSignal) => api.get<Answer<typeof paymentConfigSchema>>('/api/payments/config', { signal }),
  price: (query: PriceQuery, signal?: AbortSignal) => api.get<Price>('/api/current_user/payments/prices', { query, signal }),
  rejections: (signal?: AbortSignal) => api.get<Answer<typeof rejectionCountSchema>>('/api/current_user/payments/rejections', { signal }),
  /** The test provider's card form: what Stripe.js does at Stripe. */
  testPaymentMethod: (card: { number: string; exp_month: number; exp_year: number; cvc: string }) =>
    api.post<Answer<typeof testPaymentMethodSchema>>('/api/payments/test_cards/payment_methods', { body: card }),
  /** The test provider's bank step (3-D Secure). */
  testAuthentication: (paymentId: string, result: 'succeed' | 'fail') =>
    api.post<PurchaseResult>(`/api/payments/test_cards/authentications/${encodeURIComponent(paymentId)}`, { body: { result } }),
  initiate: (body: InitiateBody) => api.post<PurchaseResult>('/api/current_user/payments/initiate', { body }),
  confirm: (body: ConfirmBody & { abandon?: boolean }) => api.post<PurchaseResult>('/api/current_user/payments/confirm', { body }),
  /** Saved cards (spec §7 payment_methods): each call answers the whole list. */
  savedCards: (signal?: AbortSignal) => api.get<SavedCards>(PAYMENT_METHODS, { signal }),
  addCard: (paymentMethod: string) => api.post<SavedCards>(PAYMENT_METHODS, { body: { payment_method: paymentMethod } }),
  removeCard: (id: number) => api.delete<SavedCards>(PAYMENT_METHODS, { body: { payment_method: id } }),
};

export const PAYMENT_KEYS = {
  config: ['payments', 'config'] as const,
  price: (query: PriceQuery) => ['payments', 'price', query] as const,
  rejections: ['payments', 'rejections'] as const,
  savedCards: (userId: number | null) => ['payments', 'payment_methods', userId] as const,
};
