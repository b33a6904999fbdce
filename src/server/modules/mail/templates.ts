import type { Locale } from '../../../common/locales.ts';
import { localeDirection } from '../../../common/locales.ts';
import type { MailMessage } from './mailer.ts';
import { MAIL_TEXTS, type MailKind } from './texts.ts';

export type MailVars = {
  link?: string;
  code?: string;
  company?: string;
  minutes?: number;
  item?: string;
  amount?: string;
  name?: string;
  /** The desk's own words to the customer (a declined plan request's reason). */
  reason?: string;
  /** Labelled values listed after the paragraphs (a booking's fields for the desk that takes it). */
  facts?: { label: string; value: string }[];
};

function fill(template: string, vars: MailVars): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars[name as keyof MailVars];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A localised message with HTML and text parts; Arabic is laid out right-to-left. */
export function renderMail(kind: MailKind, locale: Locale, to: string, vars: MailVars): MailMessage {
  const texts = MAIL_TEXTS[locale][kind];
  const common = MAIL_TEXTS[locale].common;
  // One line whatever the values hold: a line break in a subject would start a header of its own.
  const subject = fill(texts.subject, vars).replace(/[\r\n\u2028\u2029]+/g, ' ');
  // A paragraph that is only a value left empty (a decline without a note) is left out.
  const paragraphs = texts.paragraphs.map((p) => fill(p, vars)).filter((p) => p.trim() !== '');
  const dir = localeDirection(locale);
  const align = dir === 'rtl' ? 'right' : 'left';

  const text = [
    fill(texts.heading, vars),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(vars.facts?.length ? [...vars.facts.map((fact) => `${fact.label}: ${fact.value}`), ''] : []),
    ...(vars.code ? [vars.code, ''] : []),
    ...(vars.link ? [`${fill(texts.action ?? '', vars)}: ${vars.link}`, ''] : []),
    fill(texts.ignore, vars),
    '',
    '— Newsreel',
    common.footer,
  ].join('\n');

  const button = vars.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(vars.link)}" style="display:inline-block;background:#c8102e;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(fill(texts.action ?? '', vars))}</a></p>
<p style="font-size:13px;color:#5b6b7c">${escapeHtml(common.linkHelp)}<br><a href="${escapeHtml(vars.link)}" style="color:#0b5cad;word-break:break-all">${escapeHtml(vars.link)}</a></p>`
    : '';
  const code = vars.code
    ? `<p style="margin:24px 0;font-size:32px;letter-spacing:8px;font-weight:bold;font-family:monospace;color:#0d1b2a" dir="ltr">${escapeHtml(vars.code)}</p>`
    : '';
  const facts = vars.facts?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 12px;border-collapse:collapse">${vars.facts
        .map(
          (fact) =>
            `<tr><td style="padding:4px 12px 4px 0;color:#5b6b7c;vertical-align:top">${escapeHtml(fact.label)}</td><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(fact.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#15212e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden;text-align:${align}" dir="${dir}">
<tr><td style="background:#0d1b2a;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-bottom:3px solid #c8102e">Newsreel</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:#0d1b2a">${escapeHtml(fill(texts.heading, vars))}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${facts}${code}${button}
<p style="margin:16px 0 0;font-size:13px;color:#5b6b7c">${escapeHtml(fill(texts.ignore, vars))}</p>
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5b6b7c;border-top:1px solid #dde2e8">${escapeHtml(common.footer)}</td></tr>
</table></td></tr></table></body></html>`;

  return { to, subject, text, html };
}
