import { Role } from '@portal/domain';

/** The role is chosen from this list on the user form; names come from the catalogue. */
export const roleChoices = [
  { id: Role.Administrator, name: 'portal.roles.administrator' },
  { id: Role.Standard, name: 'portal.roles.standard' },
  { id: Role.Auditor, name: 'portal.roles.auditor' },
];
