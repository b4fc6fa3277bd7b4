/** How the domain's unit tests read a refused call. */
import { DomainError } from '../src/errors';

/** The DomainError `fn` throws; any other error is rethrown, and a call that passes fails the test. */
export function thrown(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

/** The refusal's kind, message and per-field messages. */
export const refusal = (fn: () => unknown) => {
  const error = thrown(fn);
  return { kind: error.kind, message: error.message, errors: error.fieldErrors };
};

/** What `refusal` reads when one field is invalid: the field's message is the refusal's. */
export const invalidField = (field: string, message: string) => ({
  kind: 'validation',
  message,
  errors: { [field]: message },
});
