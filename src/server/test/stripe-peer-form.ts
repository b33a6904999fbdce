/**
 * Stripe's form encoding, as its SDKs write it: `metadata[user_id]=7`, `expand[0]=payment_method`.
 * Lists come back as objects keyed by index; `list` reads them.
 */
type FormValue = string | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export function parseForm(text: string): Form {
  const form: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = (key.match(/^[^[]+|\[[^\]]*\]/g) ?? [key]).map((segment) => segment.replace(/^\[|\]$/g, ''));
    let node: Form = form;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) node[name] = value;
      else {
        const next = node[name];
        node = typeof next === 'object' ? next : (node[name] = {});
      }
    });
  }
  return form;
}

export const text = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
export const list = (value: FormValue | undefined): string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : Object.values(value).filter((item) => typeof item === 'string');
export const record = (value: FormValue | undefined): Record<string, string> =>
  typeof value === 'object'
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
