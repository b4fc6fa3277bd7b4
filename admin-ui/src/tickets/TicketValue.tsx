import { type RaRecord, useGetList, useTranslate } from 'react-admin';
import { LogValue, type ReferenceNames } from '../common/LogValue';
import { formatDate, formatDateTime } from '../i18n/dates';
import { formatKg } from '../i18n/weights';
import { everyRow } from './TicketInputs';
import { truckTypeChoices } from './ticket';

const byId = (records: RaRecord[] | undefined, label: (record: RaRecord) => string) =>
  new Map((records ?? []).map((record) => [String(record.id), label(record)]));

const useAll = (resource: string) =>
  useGetList<RaRecord>(resource, { pagination: everyRow, sort: { field: 'id', order: 'ASC' } }).data;

/** Names for the ids a ticket holds, so a log reads 'Acme Haulage' rather than '17' where it can. */
export function useTicketReferenceNames(): ReferenceNames {
  const name = (record: RaRecord) => String(record.name);
  return {
    contractorCompanyId: byId(useAll('contractorCompanies'), name),
    contractorOfficeContactId: byId(useAll('contractorContacts'), name),
    projectId: byId(useAll('projects'), (project) => String(project.projectId)),
    transportCompanyId: byId(useAll('transportCompanies'), name),
    materialTypeId: byId(useAll('materialTypes'), name),
    materialId: byId(useAll('materials'), name),
  };
}

const dayFields = new Set(['date']);
const instantFields = new Set(['timeLoaded', 'timeReceived']);

/** One of a ticket's values as people read it: dates in en-ZA, yes/no, KG, names beside ids. */
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
  if (typeof value === 'string' && (dayFields.has(field) || instantFields.has(field))) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()))
      return <>{dayFields.has(field) ? formatDate(date) : formatDateTime(date)}</>;
  }
  if (field === 'weight' && typeof value === 'number') return <>{formatKg(value)}</>;
  if (field === 'truckTypeId') {
    const truckType = truckTypeChoices.find((choice) => choice.id === value);
    if (truckType) return <>{translate(truckType.name)}</>;
  }
  return <LogValue field={field} value={value} names={names} messages="portal.tickets" />;
};
