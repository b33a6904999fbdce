/**
 * The queue of automatic deliveries' uploads (issue 30): a job `{ deliveryId }`, or `{ requestId }`
 * from the render job when a file a rule licensed is ready. Apart, so downloads can name it
 * without depending on the integration's code.
 */
export const RULE_DELIVERY_QUEUE = 'integration.rule-delivery';
