import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * What browsers may load and do on every answer (HTML, API, media). No inline script anywhere (the
 * app and the API docs load theirs from files); inline styles stay allowed because dialog and
 * player libraries set them. The app may not be framed. Features the platform never uses are off.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Not upgrade-insecure-requests: the embedded default is served over plain HTTP on this machine.
  upgradeInsecureRequests: null,
};

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'fullscreen=(self)',
  'picture-in-picture=(self)',
].join(', ');

/** For answers written before any hook runs (a URL that does not decode): an error body needs nothing. */
export const BARE_ERROR_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

/**
 * With Stripe as the card provider the payment page loads Stripe.js, whose card field and bank
 * step (3-D Secure) are frames of Stripe's, and which talks to Stripe's API: only then are those
 * origins allowed.
 */
export function policyFor(options: { stripe: boolean; reportingOrigin?: string | undefined }) {
  // Browsers send their error reports to a Sentry project when one is configured (SENTRY_DSN).
  const reporting = options.reportingOrigin ? [options.reportingOrigin] : [];
  if (!options.stripe) return { ...CONTENT_SECURITY_POLICY, connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...reporting] };
  return {
    ...CONTENT_SECURITY_POLICY,
    scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, 'https://js.stripe.com'],
    frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, 'https://api.stripe.com', ...reporting],
  };
}

/**
 * The headers helmet sets for these options, worked out once. They depend on nothing in the
 * request (no nonces): @fastify/helmet built helmet's middleware, parsing the policy again, on
 * every request (docs/performance.md, "Issue 26, sixth session").
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

export const securityHeaders = fp(
  async (app: FastifyInstance, options: { stripe?: boolean; reportingOrigin?: string | undefined }) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: policyFor({ stripe: options.stripe ?? false, reportingOrigin: options.reportingOrigin }),
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // HSTS over plain HTTP means nothing and would pin a local demo to HTTPS: set below, per request.
      hsts: false,
    });
    headers.push(['permissions-policy', PERMISSIONS_POLICY]);
    // On the raw response, as helmet does: answers streamed past Fastify's reply carry them too.
    app.addHook('onRequest', async (_request, reply) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.overHttps) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    });
  },
  { name: 'security-headers' },
);
