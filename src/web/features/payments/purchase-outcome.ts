import { isCardErrorCode } from '../../../common/payment-values.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { PurchaseResult } from './api.ts';

/** The card-rejection dialog's figures (spec §4): what the server counted, never the browser. */
export type Rejections = { count: number; remaining: number; bannedUntil: string | null };

/** Where a purchase stands once the server has answered, for the page to show. */
export type Outcome =
  | { kind: 'paid'; result: PurchaseResult }
  | { kind: 'bank_step'; result: PurchaseResult }
  | { kind: 'wallet'; approveUrl: string }
  | { kind: 'waiting'; result: PurchaseResult }
  | { kind: 'declined'; code: string; message: string; rejections: Rejections | null }
  | { kind: 'banned'; bannedUntil: string };

export function outcomeOf(result: PurchaseResult): Outcome {
  switch (result.status) {
    case 'succeeded':
      return { kind: 'paid', result };
    case 'requires_action':
      return { kind: 'bank_step', result };
    case 'approval_required':
      return result.approve_url ? { kind: 'wallet', approveUrl: result.approve_url } : { kind: 'waiting', result };
    case 'pending':
      return { kind: 'waiting', result };
    case 'failed':
      return { kind: 'declined', code: result.error?.code ?? 'card_declined', message: result.error?.message ?? '', rejections: null };
  }
}

/** A refused payment's answer: 402 with the card error and the count, or 403 while banned. */
export function outcomeOfFailure(error: unknown): Outcome | null {
  if (!(error instanceof ApiError)) return null;
  const item = error.errors[0];
  if (!item) return null;
  if (item.code === 'card_rejections_banned') return { kind: 'banned', bannedUntil: item.meta?.banned_until ?? '' };
  if (error.status !== 402) return null;
  const meta = item.meta ?? {};
  const rejections =
    meta.rejections !== undefined
      ? { count: Number(meta.rejections), remaining: Number(meta.remaining ?? 0), bannedUntil: meta.banned_until ?? null }
      : null;
  return { kind: 'declined', code: item.code, message: item.message, rejections };
}

/** The translation key of a card error (spec §8), or the generic declined text. */
export function cardErrorKey(code: string): string {
  return isCardErrorCode(code)
    ? `payment.cardErrors.${code}`
    : code === 'wallet_declined'
      ? 'payment.walletDeclined'
      : 'payment.cardErrors.card_declined';
}

/** Minutes left of a ban, at least 1, for the counter. */
export function minutesLeft(bannedUntil: string, now: number): number {
  const until = Date.parse(bannedUntil);
  return Number.isNaN(until) ? 20 : Math.max(1, Math.ceil((until - now) / 60_000));
}
