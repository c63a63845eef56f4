import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope } from '../../contract';
import { AppError, type ErrorDetail } from '../errors';

/** Fastify's own error codes for a request it cannot read, mapped to ours. */
const FASTIFY_CODES: Record<string, () => AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppError('MALFORMED_JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new AppError('MALFORMED_JSON'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new AppError('UNSUPPORTED_MEDIA_TYPE'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new AppError('VALIDATION_FAILED'),
  FST_ERR_CTP_INVALID_TYPE: () => new AppError('UNSUPPORTED_MEDIA_TYPE'),
  // A path that is not valid percent-encoded UTF-8, or a path parameter longer than any id: the router's refusals.
  FST_ERR_BAD_URL: () => badPath('Not a valid URL: its percent-encoding is not UTF-8'),
  FST_ERR_MAX_PARAM_LENGTH: () => badPath('A path parameter is too long'),
};

function badPath(message: string): AppError {
  return new AppError('VALIDATION_FAILED', undefined, undefined, [{ path: 'url', message }]);
}

function validationError(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  const details: ErrorDetail[] = error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
  // An unknown account kind gets its own code so the login page can say which choice is wrong.
  if (details.length > 0 && details.every((d) => d.path === 'kind')) {
    return new AppError('KIND_INVALID', undefined, undefined, details);
  }
  return new AppError('VALIDATION_FAILED', undefined, undefined, details);
}

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return validationError(error);
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code && FASTIFY_CODES[fastifyError.code]) return FASTIFY_CODES[fastifyError.code]?.();
  if (fastifyError.validation) {
    return validationError(fastifyError as FastifyError & { validation: { instancePath: string; message?: string }[] });
  }
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED');
  return undefined;
}

export function envelopeOf(error: AppError): ErrorEnvelope {
  return {
    success: false,
    errorCode: error.code,
    errorMessage: error.message,
    showType: error.showType,
    ...(error.details ? { details: error.details } : {}),
  };
}

/**
 * Every failure leaves as the error envelope. Known client errors keep their status; anything else is logged
 * with its stack and answers 500 INTERNAL without details, so no stack or SQL reaches the client. Fastify's own
 * refusals before routing (`frameworkErrors`) come here too.
 */
export function answerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  let appError = toAppError(error);
  if (!appError) {
    request.log.error({ err: error }, 'unhandled error');
    appError = new AppError('INTERNAL');
  } else if (appError.statusCode >= 500) {
    request.log.error({ err: error }, appError.code);
  }
  return reply.status(appError.statusCode).type('application/json; charset=utf-8').send(envelopeOf(appError));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}
