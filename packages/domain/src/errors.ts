/** Business-rule and validation failures; the API maps each kind to a 4xx status with this message. */
export type DomainErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'throttled';

export type FieldErrors = Record<string, string>;

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Throws a validation error whose message is the first field's message, as the spec's forms show them. */
export function assertValid(errors: FieldErrors): void {
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new DomainError('validation', first, errors);
}
