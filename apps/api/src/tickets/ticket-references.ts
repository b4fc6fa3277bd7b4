import {
  assertValid,
  contractorCompanies,
  contractorContacts,
  DomainError,
  type FieldErrors,
  materials,
  materialTypes,
  projects,
  type TicketDetails,
  transportCompanies,
  truckFitsCompany,
  truckMessages,
  trucks,
  validateCompany,
} from '@portal/domain';
import {
  findCompanyIdByName,
  findContractorCompany,
  findContractorContact,
  findNamed,
  findProject,
  findTransportCompany,
  findTruck,
  findTruckIdByPlate,
} from '@portal/projections';
import { createRecord } from '../catalogue/catalogue-commands';
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
  await assertTruckOfCompany(app, details);
}

/** A ticket's truck is one of its haulage company's (a plate typed in the Receive dialog may be another's). */
async function assertTruckOfCompany(app: CommandHost, details: TicketDetails): Promise<void> {
  const { truckId, transportCompanyId } = details;
  if (truckId === null || transportCompanyId === null) return;
  const truck = await findTruck(app.infra.db, truckId);
  if (!truck || truck.transportCompanyId === transportCompanyId) return;
  const company = await findTransportCompany(app.infra.db, transportCompanyId);
  const message = truckMessages.otherCompany(
    truck.licensePlate,
    truck.transportCompanyName,
    company?.name ?? String(transportCompanyId),
  );
  throw new DomainError('validation', message, { truckLicensePlate: message });
}

/**
 * Issue 34 (D2): the registered truck a ticket's plate names, when the ticket may take it (the truck is its
 * haulage company's, or it has none yet: see truckFitsCompany); undefined otherwise. Linking it gives the
 * weigh-in the truck's stored tare.
 */
export async function truckOfPlate(app: CommandHost, plate: string | null, companyId: number | null) {
  const truckId = plate === null ? null : await findTruckIdByPlate(app.infra.db, plate);
  const truck = truckId === null ? undefined : await findTruck(app.infra.db, truckId);
  return truck && truckFitsCompany(truck, companyId) ? truck : undefined;
}

/**
 * A ticket with no truck record whose plate names one it may take is linked to it (and takes its company
 * when it has none, as the Receive dialog fills it in). A ticket that names its truck keeps it.
 */
export async function linkTruckByPlate(app: CommandHost, details: TicketDetails): Promise<void> {
  if (details.truckId !== null) return;
  const truck = await truckOfPlate(app, details.truckLicensePlate, details.transportCompanyId);
  if (!truck) return;
  details.truckId = truck.id;
  details.transportCompanyId ??= truck.transportCompanyId;
}

/**
 * A company a ticket names by name (a haulage company typed on the short form, SoilFLO's contractor and
 * hauler): the one of that name in any case, or a new one created by the acting user.
 */
export async function companyIdByName(
  app: CommandHost,
  kind: 'contractor' | 'transport',
  name: string,
  actorId: number,
): Promise<number> {
  const table = kind === 'contractor' ? 'contractorCompanies' : 'transportCompanies';
  const existing = await findCompanyIdByName(app.infra.db, table, name);
  if (existing !== null) return existing;
  const data = validateCompany({ name });
  return kind === 'contractor'
    ? createRecord(app, contractorCompanies, 'contractor_company', data, { actorId })
    : createRecord(app, transportCompanies, 'transport_company', data, { actorId });
}
