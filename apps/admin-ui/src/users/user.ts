import { text } from '../common/form-values';

/** The fields `POST /api/user/new` and `PUT /api/user/edit` take; an empty password on edit keeps the current one. */
export function toUserPayload(data: Record<string, unknown>) {
  return {
    username: text(data.username),
    password: typeof data.password === 'string' ? data.password : '',
    roleId: Number(data.roleId),
    firstName: text(data.firstName),
    lastName: text(data.lastName),
    phoneNumber: text(data.phoneNumber) || null,
  };
}
