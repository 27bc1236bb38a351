// Errors of the platform API as people see them. Every non-2xx answer is parsed into
// `{status, title, detail}` and shown as `title: detail (HTTP status)`; bodies that are not the
// platform's error shape still get a readable title and a short detail.
import { HookdError } from '../common/errors.js';
import { errorBody } from '../http/answers.js';
import { ErrorBodySchema, type ErrorBody } from './common-schemas.js';

/** The usual reason phrase of an HTTP status. */
export function statusTitle(status: number): string {
  return errorBody(status, '').title;
}

/** A non-2xx answer of the platform API. */
export class ApiError extends HookdError {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly metadata: Record<string, unknown> | undefined;

  constructor(body: ErrorBody) {
    super('EAPI', `${body.title}: ${body.detail} (HTTP ${body.status})`, { exitCode: 1 });
    this.name = 'ApiError';
    this.status = body.status;
    this.title = body.title;
    this.detail = body.detail;
    this.metadata = body.metadata;
  }
}

/** Turn an error answer into an ApiError, whatever its body looks like. */
export function toApiError(status: number, bodyText: string): ApiError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    parsed = undefined;
  }
  const body = ErrorBodySchema.safeParse(parsed);
  if (body.success) return new ApiError({ ...body.data, status });
  const text = bodyText.replace(/\s+/g, ' ').trim();
  const detail = text === '' ? 'no detail in the response' : text.length > 200 ? `${text.slice(0, 197)}...` : text;
  return new ApiError({ status, title: statusTitle(status), detail });
}
