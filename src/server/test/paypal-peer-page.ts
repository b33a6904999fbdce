import { escapeHtml } from '../lib/html.ts';

/** What the buyer's page at the peer shows of an order. */
export type CheckoutView = { id: string; description: string; currency: string; value: string; payerEmail: string };

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif";

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f5f7fa;color:#2c2e2f;${FONT}">
<header style="background:#003087;color:#ffffff;padding:14px 24px;font-size:20px;font-weight:bold;letter-spacing:0.5px">PayPal <span style="font-weight:normal;font-size:13px;opacity:0.8">local test peer</span></header>
<main style="max-width:420px;margin:40px auto;padding:28px;background:#ffffff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,0.12)">
${content}
</main>
</body>
</html>`;
}

/** The peer takes only the currency codes it knows, so Intl can name each. */
function money(currency: string, value: string): string {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(Number(value));
}

/** The approval page at /checkoutnow?token={id}: two buttons that post the buyer's decision (no script). */
export function checkoutPage(view: CheckoutView): string {
  const button =
    'display:block;width:100%;padding:12px;font-family:inherit;border-radius:24px;font-size:16px;font-weight:bold;cursor:pointer;margin-top:12px';
  return layout(
    'PayPal Checkout',
    `<h1 style="margin:0 0 4px;font-size:22px">Pay with PayPal</h1>
<p style="margin:0 0 20px;color:#6c7378;font-size:14px">Signed in as <span data-testid="payer-email">${escapeHtml(view.payerEmail)}</span></p>
<p style="margin:0;color:#6c7378;font-size:14px">${escapeHtml(view.description)}</p>
<p style="margin:4px 0 24px;font-size:32px;font-weight:bold" data-testid="amount">${escapeHtml(money(view.currency, view.value))}</p>
<form method="post" action="/checkoutnow">
<input type="hidden" name="token" value="${escapeHtml(view.id)}">
<button type="submit" name="action" value="approve" style="${button};background:#ffc439;border:1px solid #ffc439;color:#111111">Approve</button>
<button type="submit" name="action" value="cancel" style="${button};background:#ffffff;border:1px solid #0070ba;color:#0070ba">Cancel</button>
</form>
<p style="margin:20px 0 0;font-size:12px;color:#6c7378">Order ${escapeHtml(view.id)}</p>`,
  );
}

/** Any other answer at /checkoutnow (unknown order, order past approval), with a way back when there is one. */
export function messagePage(title: string, text: string, back: string | null = null): string {
  const link = back ? `<p style="margin:20px 0 0"><a href="${escapeHtml(back)}" style="color:#0070ba">Return to the merchant</a></p>` : '';
  return layout(
    title,
    `<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(title)}</h1><p style="margin:0">${escapeHtml(text)}</p>${link}`,
  );
}
