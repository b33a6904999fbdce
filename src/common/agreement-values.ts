/**
 * Plain values of agreements that the browser needs without the contracts module (zod stays out of
 * pages without forms: docs/decisions.md, "The browser takes the server's answers as typed").
 */

/** Types whose name says they come with branded footage (the customer's logo). */
export function isBrandedType(type: string): boolean {
  return type.endsWith('_branded');
}

/**
 * Branded files (the customer's logo in one of six positions) come with the `_branded` types,
 * passes and one-off licences; other agreements download clean and credit files
 * (docs/decisions.md, "Agreements: owners, states and balances").
 */
export function includesBrandedFiles(type: string): boolean {
  return isBrandedType(type) || type === 'pass' || type === 'one_off';
}
