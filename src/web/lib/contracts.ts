/**
 * The zod contracts of src/common, imported when the first answer that needs one arrives, so that
 * zod and the schemas stay out of the first page's JavaScript. The import starts with the request
 * (src/web/lib/api-client.ts), so parsing waits for whichever of the two comes last.
 */
export const accountsContracts = () => import('../../common/accounts.ts');
export const catalogueContracts = () => import('../../common/catalogue.ts');
export const referenceContracts = () => import('../../common/reference.ts');
export const siteContracts = () => import('../../common/site.ts');
export const errorContracts = () => import('../../common/errors.ts');

/** One named schema of a contracts module, as a loader for `RequestOptions.schema`. */
export function contract<M, K extends keyof M>(load: () => Promise<M>, name: K): () => Promise<M[K]> {
  return () => load().then((module) => module[name]);
}
