import { HttpError } from 'react-admin';

/** A 400's `{errors: {field: message}}`, to show under the fields; undefined for any other failure. */
export const fieldErrorsOf = (failure: unknown): Record<string, string> | undefined =>
  failure instanceof HttpError
    ? (failure.body as { errors?: Record<string, string> } | undefined)?.errors
    : undefined;
