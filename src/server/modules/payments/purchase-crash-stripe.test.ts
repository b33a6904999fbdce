import { afterAll, beforeAll } from 'vitest';
import { startStripePeer, type StripePeer } from '../../test/stripe-peer.ts';
import { describeCrash } from './purchase-crash-scenario.ts';

/**
 * The crash test (purchase-crash-scenario.ts) with Stripe: the official SDK in the server
 * process against the local peer, which runs here and so outlives the server it answers.
 */
let peer: StripePeer;
beforeAll(async () => {
  peer = await startStripePeer();
});
afterAll(async () => peer.close());

describeCrash('Stripe (the local peer)', () => ({
  env: { STRIPE_SECRET_KEY: peer.secretKey, STRIPE_PUBLISHABLE_KEY: 'pk_test_peer', STRIPE_API_URL: peer.url },
  card: (outcome) => (outcome === 'success' ? 'pm_card_visa' : 'pm_card_threeDSecure2Required'),
  charged: async () =>
    [...peer.paymentIntents.values()]
      .filter((intent) => intent.status === 'succeeded')
      .map((intent) => Number(intent.metadata.transaction_id)),
}));
