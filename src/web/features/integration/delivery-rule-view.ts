import type { DeliveryRule, DeliveryRuleBody } from '../../../common/delivery-rules.ts';
import { errorText } from '../../lib/api-client.ts';
import { translateIfExists } from '../../lib/i18n.ts';

/** The server's error codes in this section's words where it has them, else the shared ones or the server's message. */
export const deliveryRuleError = (error: unknown) =>
  errorText(error, (key) => translateIfExists(key.replace(/^errors\./, 'deliveryRules.errors.')) ?? translateIfExists(key));

/**
 * The destination as an address the owner recognises, without its secret:
 * `sftp://user@host:port/folder`, `s3://bucket/prefix`.
 */
export function destinationAddress(destination: DeliveryRule['destination']): string {
  if (destination.protocol === 's3') return `s3://${destination.bucket}/${destination.prefix}`;
  const port = destination.port === null ? '' : `:${destination.port}`;
  const folder = destination.directory.replace(/^\/+/, '');
  return `${destination.protocol}://${destination.username}@${destination.host}${port}/${folder}`;
}

/**
 * The rule as a body for PUT (which replaces it), with changes: the destination goes without its
 * password or secret key, so the server keeps the stored one.
 */
export function ruleBody(rule: DeliveryRule, changes: Partial<DeliveryRuleBody> = {}): DeliveryRuleBody {
  const { destination } = rule;
  return {
    name: rule.name,
    saved_search_id: rule.saved_search.id,
    video_format: rule.video_format,
    quality: rule.quality,
    file_type: rule.file_type,
    brand_position: rule.brand_position,
    destination:
      destination.protocol === 's3'
        ? {
            protocol: 's3',
            endpoint: destination.endpoint,
            region: destination.region,
            bucket: destination.bucket,
            prefix: destination.prefix,
            access_key_id: destination.access_key_id,
          }
        : {
            protocol: destination.protocol,
            host: destination.host,
            port: destination.port,
            username: destination.username,
            directory: destination.directory,
          },
    active: rule.active,
    ...changes,
  };
}
