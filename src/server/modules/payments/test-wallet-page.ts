import type { Currency } from '../../../common/agreement-values.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The test wallet's pages: plain HTML with one form and no script, so they work under the app's CSP
 * (security-headers.ts: no inline script; inline styles allowed, hence the <style> element).
 */

export type CheckoutView = { amountCents: number; currency: Currency; description: string; payerEmail: string };

const STYLE = `
body{margin:0;background:#eef1f5;color:#0d1b2a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:440px;margin:48px auto;padding:28px;background:#fff;border-radius:12px;box-shadow:0 2px 8px rgba(13,27,42,.12)}
.demo{margin:0 0 20px;padding:8px 12px;border:1px dashed #b26b00;border-radius:8px;background:#fff6e5;color:#7a4a00;font-size:14px;font-weight:600}
h1{margin:0 0 16px;font-size:22px}
.description{margin:0;color:#5b6b7c}
.amount{margin:4px 0 8px;font-size:34px;font-weight:700}
.payer{margin:0 0 24px;color:#5b6b7c;font-size:14px}
button{display:block;width:100%;margin-top:12px;padding:12px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer}
.approve{background:#0b5cad;border:1px solid #0b5cad;color:#fff}
.cancel{background:#fff;border:1px solid #0b5cad;color:#0b5cad}
.decline{background:#fff;border:1px dashed #8a96a3;color:#5b6b7c;font-weight:400;font-size:14px}
.hint,.footnote{margin:12px 0 0;color:#5b6b7c;font-size:13px}
a{color:#0b5cad}
`;

function layout(heading: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Test wallet</title><style>${STYLE}</style></head>
<body>
<main>
<p class="demo" role="note">Demo wallet: no real money moves.</p>
<h1>${escapeHtml(heading)}</h1>
${content}
<p class="footnote">The built-in test wallet of the embedded default. With PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET set, the site uses PayPal instead.</p>
</main>
</body>
</html>`;
}

export function formatAmount(amountCents: number, currency: Currency): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amountCents / 100);
}

/** Posts back to its own address (no action attribute): Approve, Cancel, or approve now and be declined at capture. */
export function checkoutPage(view: CheckoutView): string {
  return layout(
    'Test wallet',
    `<p class="description" data-testid="description">${escapeHtml(view.description)}</p>
<p class="amount" data-testid="amount">${escapeHtml(formatAmount(view.amountCents, view.currency))}</p>
<p class="payer">Paying as ${escapeHtml(view.payerEmail)}</p>
<form method="post">
<button type="submit" name="decision" value="approve" class="approve">Approve</button>
<button type="submit" name="decision" value="cancel" class="cancel">Cancel</button>
<button type="submit" name="decision" value="approve_then_decline" class="decline">Simulate a declined payment</button>
</form>
<p class="hint">“Simulate a declined payment” approves here; the wallet then refuses the payment when the site captures it.</p>`,
  );
}

/** An order past the buyer's decision, or none: what happened, and the way back when there is one. */
export function messagePage(heading: string, text: string, back: string | null = null): string {
  const link = back ? `<p><a href="${escapeHtml(back)}">Return to the site</a></p>` : '';
  return layout(heading, `<p>${escapeHtml(text)}</p>${link}`);
}
