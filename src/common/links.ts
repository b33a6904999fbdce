/** URLs without a scheme get http:// prepended (spec: accounts §5). */
export function withScheme(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return trimmed;
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) || /^(mailto|tel):/i.test(trimmed)) return trimmed;
  return `http://${trimmed.replace(/^\/\//, '')}`;
}

/** Phone links keep digits only (spec: accounts §5). */
export function phoneLink(phone: string): string {
  return `tel:${phone.replace(/\D/g, '')}`;
}
