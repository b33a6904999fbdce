import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorItem, type ErrorBody } from '../../common/errors.ts';
import { AppError, fieldError } from './errors.ts';

/** Paths answered by the API (JSON errors); everything else is the browser app. */
export function isApiPath(url: string): boolean {
  return /^\/(api|users|dev|cable|media|healthz|readyz)(\/|\.|\?|$)/.test(url);
}

function body(items: ApiErrorItem[]): ErrorBody {
  return { errors: items };
}

/** zod issue → field-level error. */
function validationItems(error: FastifyError): ApiErrorItem[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const context = error.validationContext ?? 'body';
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    return fieldError(issue.message, path || context);
  });
}

export function registerErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).headers(error.headers).send(body(error.items));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send(body(validationItems(error)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body([{ code: ERROR_CODES.internal, message: 'Internal error' }]));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(body([{ code: ERROR_CODES.malformedJson, message: 'The request body is not valid JSON' }]));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(body([{ code: ERROR_CODES.unsupportedMediaType, message: 'Unsupported content type' }]));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(body([{ code: ERROR_CODES.payloadTooLarge, message: 'The request body is too large' }]));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(body([{ code: ERROR_CODES.malformedJson, message: 'The request body is not valid JSON' }]));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body([{ code: (error.code ?? ERROR_CODES.invalid).toLowerCase(), message: error.message }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body([{ code: ERROR_CODES.internal, message: 'Internal error' }]));
  });
}

export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send(body([{ code: ERROR_CODES.routeNotFound, message: `No route for ${request.method} ${request.url.split('?')[0]}` }]));
}
