import type { Currency } from '../../../common/agreement-values.ts';

/**
 * An order at the online wallet (a PayPal order, or the built-in test wallet's own):
 * - created: waiting for the buyer to approve it at `approveUrl` (the wallet's page);
 * - approved: the buyer approved; capturing takes the money;
 * - completed: captured (`captureId` is what a refund names);
 * - failed: the wallet refused the payment at capture (the buyer's funding was declined);
 * - voided: cancelled or expired at the wallet.
 */
export type WalletOrder = {
  id: string;
  status: 'created' | 'approved' | 'completed' | 'failed' | 'voided';
  approveUrl: string | null;
  captureId: string | null;
  /** The payer's wallet account, shown on the receipt instead of a card. */
  payerEmail: string | null;
};

export type WalletOrderInput = {
  amountCents: number;
  currency: Currency;
  description: string;
  /** Our transaction, for the wallet's records. */
  reference: string;
  /** Sent to the wallet too (PayPal-Request-Id): a retried call makes one order. */
  idempotencyKey: string;
  /** Where the wallet sends the buyer back after approving, or cancelling. */
  returnUrl: string;
  cancelUrl: string;
};

/**
 * The online wallet, chosen by configuration (services.ts): PayPal with PAYPAL_CLIENT_ID, else the
 * built-in test wallet. The spec's wallet flow: initiate (create an order; the buyer approves it at
 * the wallet), then confirm (capture it).
 */
export type WalletProvider = {
  readonly name: 'paypal' | 'test_wallet';
  createOrder(input: WalletOrderInput): Promise<WalletOrder>;
  getOrder(id: string): Promise<WalletOrder>;
  /** Takes the money of an approved order; capturing a completed order again answers it as it is. */
  captureOrder(id: string, idempotencyKey: string): Promise<WalletOrder>;
  refund(input: {
    captureId: string;
    amountCents: number;
    currency: Currency;
    idempotencyKey: string;
  }): Promise<{ id: string; status: 'succeeded' | 'pending' | 'failed' }>;
};
