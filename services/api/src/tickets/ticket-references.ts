import {
  assertValid,
  contractorCompanies,
  contractorContacts,
  type FieldErrors,
  materials,
  materialTypes,
  projects,
  type TicketDetails,
  transportCompanies,
  trucks,
} from '@portal/domain';
import {
  findContractorCompany,
  findContractorContact,
  findNamed,
  findProject,
  findTransportCompany,
  findTruck,
} from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';

/** A ticket may only name records that exist (a 400 naming the field otherwise, nothing saved). */
export async function assertReferencesExist(app: CommandHost, details: TicketDetails): Promise<void> {
  const { db } = app.infra;
  const checks: [keyof TicketDetails, number | null, (id: number) => Promise<unknown>, string][] = [
    [
      'contractorCompanyId',
      details.contractorCompanyId,
      (id) => findContractorCompany(db, id),
      contractorCompanies.notFoundMessage,
    ],
    [
      'transportCompanyId',
      details.transportCompanyId,
      (id) => findTransportCompany(db, id),
      transportCompanies.notFoundMessage,
    ],
    ['truckId', details.truckId, (id) => findTruck(db, id), trucks.notFoundMessage],
    ['projectId', details.projectId, (id) => findProject(db, id), projects.notFoundMessage],
    [
      'contractorOfficeContactId',
      details.contractorOfficeContactId,
      (id) => findContractorContact(db, id),
      contractorContacts.notFoundMessage,
    ],
    [
      'materialTypeId',
      details.materialTypeId,
      (id) => findNamed(db, 'materialTypes', id),
      materialTypes.notFoundMessage,
    ],
    ['materialId', details.materialId, (id) => findNamed(db, 'materials', id), materials.notFoundMessage],
  ];
  const errors: FieldErrors = {};
  for (const [field, id, find, message] of checks) {
    if (id !== null && !(await find(id))) errors[field] = message;
  }
  assertValid(errors);
}
