import { HTTPError } from 'h3';

export type ErrorType =
  'authentication_error' | 'invalid_request_error' | 'not_found_error' | 'rate_limit_error' | 'api_error';

export interface ErrorBody {
  readonly error: {
    readonly type: ErrorType;
    readonly code: string;
    readonly message: string;
    readonly param?: string;
  };
}

/**
 * The one error type of the API. It extends h3's HTTPError so h3 treats it as
 * handled (no "unhandled" logging) and keeps its headers (Allow, Retry-After).
 */
export class ApiError extends HTTPError {
  readonly type: ErrorType;
  readonly code: string;
  readonly param: string | undefined;

  constructor(
    status: number,
    type: ErrorType,
    code: string,
    message: string,
    options: { param?: string; headers?: Record<string, string> } = {},
  ) {
    super(message, { status, ...(options.headers ? { headers: options.headers } : {}) });
    this.type = type;
    this.code = code;
    this.param = options.param;
  }
}

export const unauthorized = (message = 'Missing or invalid authentication.') =>
  new ApiError(401, 'authentication_error', 'unauthorized', message);
export const invalidCredentials = () =>
  new ApiError(401, 'authentication_error', 'invalid_credentials', 'Wrong email or password.');
export const insufficientPermissions = () =>
  new ApiError(
    403,
    'authentication_error',
    'insufficient_permissions',
    'This API key is render_only; this endpoint needs full_access.',
  );
export const csrfRejected = () =>
  new ApiError(403, 'authentication_error', 'csrf_rejected', 'Cross-origin request refused.');
export const notFound = (what = 'Resource') =>
  new ApiError(404, 'not_found_error', 'resource_not_found', `${what} not found.`);
export const missingTemplate = (id: string) =>
  new ApiError(404, 'not_found_error', 'missing_template', `Template ${JSON.stringify(id)} was not found.`);
export const missingParameter = (param: string, message = `Missing required parameter: ${param}.`) =>
  new ApiError(400, 'invalid_request_error', 'missing_parameter', message, { param });
export const invalidParameter = (param: string | undefined, message: string) =>
  new ApiError(400, 'invalid_request_error', 'invalid_parameter', message, param === undefined ? {} : { param });
export const invalidJson = (message = 'The request body is not valid JSON.') =>
  new ApiError(400, 'invalid_request_error', 'invalid_json', message);
export const nestingTooDeep = (max: number) =>
  new ApiError(400, 'invalid_request_error', 'nesting_too_deep', `JSON nesting exceeds ${max} levels.`);
export const payloadTooLarge = (max: number) =>
  new ApiError(413, 'invalid_request_error', 'payload_too_large', `The request body exceeds ${max} bytes.`);
export const unsupportedMediaType = () =>
  new ApiError(415, 'invalid_request_error', 'unsupported_media_type', 'Send the body as application/json.');
export const methodNotAllowed = (allow: readonly string[]) =>
  new ApiError(405, 'invalid_request_error', 'method_not_allowed', 'Method not allowed on this path.', {
    headers: { allow: allow.join(', ') },
  });
export const emailTaken = () =>
  new ApiError(409, 'invalid_request_error', 'email_taken', 'That email is already registered.');
export const signupClosed = () =>
  new ApiError(403, 'invalid_request_error', 'signup_closed', 'Sign-up is closed on this server.');
export const badRequest = (message: string) => new ApiError(400, 'invalid_request_error', 'bad_request', message);
export const fieldTooLarge = (param: string, max: number) =>
  new ApiError(
    400,
    'invalid_request_error',
    'field_too_large',
    `${param} is larger than ${max.toLocaleString('en-US')} bytes (UTF-8), this server's limit for one field.`,
    { param },
  );
export const quotaExceeded = (message: string) => new ApiError(403, 'invalid_request_error', 'quota_exceeded', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 'rate_limit_error', 'rate_limit_exceeded', 'Too many requests; retry later.', {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

/** Request bodies held at once past the server's budget (`PLATEN_MAX_BODY_BYTES_IN_FLIGHT`). */
export const bodiesInFlight = () =>
  new ApiError(
    429,
    'rate_limit_error',
    'rate_limit_exceeded',
    'The server is receiving too many request bodies at once; retry shortly.',
    { headers: { 'retry-after': '1' } },
  );

/** Spelled as h3 spells it for the JSON it answers, so that every JSON answer has one content type. */
export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

/**
 * The only place that builds the error envelope. ApiErrors keep their fields;
 * h3's own errors are mapped by status (404 unknown route, 400 malformed URL);
 * anything else is 500 internal_error with no detail for the client.
 */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody; headers: Headers } {
  const headers = new Headers({ 'content-type': JSON_CONTENT_TYPE });
  if (error instanceof ApiError) {
    error.headers?.forEach((value, name) => headers.set(name, value));
    const param = error.param === undefined ? {} : { param: error.param };
    return {
      status: error.status,
      headers,
      body: { error: { type: error.type, code: error.code, message: error.message, ...param } },
    };
  }
  if (HTTPError.isError(error) && !error.unhandled) {
    if (error.status === 404) return toErrorResponse(notFound('Route'));
    if (error.status === 413) return toErrorResponse(payloadTooLarge(0));
    if (error.status === 405) return toErrorResponse(methodNotAllowed([]));
    if (error.status >= 400 && error.status < 500) {
      return {
        status: error.status,
        headers,
        body: { error: { type: 'invalid_request_error', code: 'bad_request', message: 'Bad request.' } },
      };
    }
  }
  return {
    status: 500,
    headers,
    body: { error: { type: 'api_error', code: 'internal_error', message: 'Internal server error.' } },
  };
}
