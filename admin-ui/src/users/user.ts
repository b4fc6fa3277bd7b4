import type { RoleId } from '@portal/domain';
import type { RaRecord } from 'react-admin';

/** A user as `GET /api/user/{id}` and `/api/user/all` return it; the password never comes back. */
export interface User extends RaRecord {
  id: number;
  username: string;
  roleId: RoleId;
  role: 'Administrator' | 'Standard';
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  version: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

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
