import { maxIndexedTextLength } from '../catalogue/fields';
import { assertValid, type FieldErrors } from '../errors';
import { emailPattern, isBlank, phonePattern } from '../validation';
import { isRoleId } from './user';

/** The user form's messages, word for word. */
export const userValidationMessages = {
  usernameRequired: 'Username is required',
  usernameNotEmail: 'Username must be a valid email',
  usernameTooLong: `Username can be max ${maxIndexedTextLength} characters`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  passwordRequired: 'Password is required',
  phoneInvalid: 'Phone number is not valid',
  roleInvalid: 'Role must be Administrator (1), Standard (2) or Auditor (3)',
} as const;

export interface UserInput {
  username?: string | null;
  password?: string | null;
  roleId?: number | null;
  firstName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
}

/**
 * Field errors in form order; `passwordRequired` is false on edit, where a blank password keeps the old
 * one. `passwordProblem`: the rule a new password breaks, from the API's password policy (it needs a
 * strength estimator with dictionaries, which this pure package does not load).
 */
export function validateUserInput(
  input: UserInput,
  options: { passwordRequired: boolean; passwordProblem?: string | null },
): void {
  const m = userValidationMessages;
  const errors: FieldErrors = {};
  if (isBlank(input.username)) errors.username = m.usernameRequired;
  else if (!emailPattern.test(input.username?.trim() ?? '')) errors.username = m.usernameNotEmail;
  else if ((input.username?.trim().length ?? 0) > maxIndexedTextLength) errors.username = m.usernameTooLong;
  if (options.passwordRequired && isBlank(input.password)) errors.password = m.passwordRequired;
  else if (options.passwordProblem) errors.password = options.passwordProblem;
  if (input.roleId != null && !isRoleId(input.roleId)) errors.roleId = m.roleInvalid;
  if (isBlank(input.firstName)) errors.firstName = m.firstNameRequired;
  if (isBlank(input.lastName)) errors.lastName = m.lastNameRequired;
  if (!isBlank(input.phoneNumber) && !phonePattern.test(input.phoneNumber?.trim() ?? '')) {
    errors.phoneNumber = m.phoneInvalid;
  }
  assertValid(errors);
}
