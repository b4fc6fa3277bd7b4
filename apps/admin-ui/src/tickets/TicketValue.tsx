import { Role, type TicketWeighing } from '@portal/domain';
import { type RaRecord, useGetList, useTranslate } from 'react-admin';
import { LogValue, type ReferenceNames } from '../common/LogValue';
import { formatDate, formatDateTime } from '../i18n/dates';
import { WeighingProvenance } from '../scales/WeighingProvenance';
import { currentSession } from '../session';
import { useSiteWeights } from '../settings/site-settings';
import { everyRow } from './TicketInputs';
import { truckTypeChoices } from './ticket';

const byId = (records: RaRecord[] | undefined, label: (record: RaRecord) => string) =>
  new Map((records ?? []).map((record) => [String(record.id), label(record)]));

const useAll = (resource: string, enabled = true) =>
  useGetList<RaRecord>(resource, { pagination: everyRow, sort: { field: 'id', order: 'ASC' } }, { enabled })
    .data;

/**
 * Names for the ids a ticket holds, so a log reads 'Acme Haulage' or 'CA12345 (T-12)' rather than '17'
 * where it can. Only administrators may list users, so for the others the receiving user stays an id; auditors
 * may read no catalogue (a refused list would end their session), so for them every id stays an id.
 */
export function useTicketReferenceNames(): ReferenceNames {
  const name = (record: RaRecord) => String(record.name);
  const role = currentSession()?.role;
  const isAdministrator = role === Role.Administrator;
  const isStaff = isAdministrator || role === Role.Standard;
  return {
    truckId: byId(useAll('trucks', isStaff), (truck) => `${truck.licensePlate} (${truck.number})`),
    userId: byId(useAll('users', isAdministrator), (user) => `${user.firstName} ${user.lastName}`),
    contractorCompanyId: byId(useAll('contractorCompanies', isStaff), name),
    contractorOfficeContactId: byId(useAll('contractorContacts', isStaff), name),
    projectId: byId(useAll('projects', isStaff), (project) => String(project.projectId)),
    transportCompanyId: byId(useAll('transportCompanies', isStaff), name),
    materialTypeId: byId(useAll('materialTypes', isStaff), name),
    materialId: byId(useAll('materials', isStaff), name),
  };
}

const dayFields = new Set(['date']);
const instantFields = new Set(['timeLoaded', 'timeReceived']);

/** One of a ticket's values as people read it: dates in en-ZA, yes/no, weights in the site's unit, names beside ids. */
export const TicketValue = ({
  field,
  value,
  names,
}: {
  field: string;
  value: unknown;
  names?: ReferenceNames;
}) => {
  const translate = useTranslate();
  const weights = useSiteWeights();
  if (typeof value === 'string' && (dayFields.has(field) || instantFields.has(field))) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()))
      return <>{dayFields.has(field) ? formatDate(date) : formatDateTime(date)}</>;
  }
  if (field === 'weight' && typeof value === 'number') return <>{weights.format(value)}</>;
  // Issue 34: a weighing reads as gross less tare, MANUAL with its reason or the scale it came from.
  if (field === 'weighing' && typeof value === 'object' && value !== null)
    return <WeighingProvenance weighing={value as TicketWeighing} />;
  if (field === 'truckTypeId') {
    const truckType = truckTypeChoices.find((choice) => choice.id === value);
    if (truckType) return <>{translate(truckType.name)}</>;
  }
  return <LogValue field={field} value={value} names={names} messages="portal.tickets" />;
};
