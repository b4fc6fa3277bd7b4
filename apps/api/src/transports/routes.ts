import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, recordPageSizes } from '@portal/contract';
import {
  DomainError,
  decideMoveTrucks,
  type StoredTare,
  transportCompanies,
  transportContacts,
  truckMessages,
  truckMovesStreamId,
  trucks,
  validateCompany,
  validateTransportContact,
  validateTruck,
} from '@portal/domain';
import {
  findTransportCompany,
  findTransportCompanyDetails,
  findTransportContact,
  findTruck,
  findTruckIdByPlate,
  getSettings,
  listTransportCompanies,
  listTransportContacts,
  listTrucks,
  listTrucksPage,
  ticketReferences,
  transportCompanyReferences,
  truckIdsOfCompany,
} from '@portal/projections';
import { underReferenceDataLock, updateRecord } from '../catalogue/catalogue-commands';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { pageAskedFor } from '../list-pages';
import { chosenId, idOf, versionOf } from '../loose-body';
import { route } from '../route';
import { siteDate } from '../site-time';
import { transportExportFileName } from './transport-export';

/** The routes of transport companies, their contacts and trucks. */
export const transportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;
  const companyMustExist = async (transportCompanyId: number) => {
    if (!(await findTransportCompany(db, transportCompanyId))) {
      const message = transportCompanies.notFoundMessage;
      throw new DomainError('validation', message, { transportCompanyId: message });
    }
  };

  route(app, endpoints.getTransportcompanyAll, async () => listTransportCompanies(db));

  route(app, endpoints.getTransportcompanyExport, async (_request, reply) => {
    const { displayUnit } = await getSettings(db);
    const file = await app.infra.workbooks.transports({ trucks: await listTrucks(db), unit: displayUnit });
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header(
        'content-disposition',
        `attachment; filename="${transportExportFileName(siteDate(app.infra.config.siteTimezone))}"`,
      )
      .send(file);
  });

  registerCatalogueRoutes(app, {
    endpoints: endpoints.transportCompanyCatalogue,
    catalogue: transportCompanies,
    idKind: 'transport_company',
    validate: validateCompany,
    find: (id) => findTransportCompany(db, id),
    uniqueNameIn: 'transportCompanies',
    details: {
      find: (id) => findTransportCompanyDetails(db, id),
    },
    referencedBy: (id) => transportCompanyReferences(db, id),
  });

  route(app, endpoints.postTransportcontactAll, async (request) =>
    listTransportContacts(db, chosenId(request.body.transportCompanyId, 'transportCompanyId')),
  );

  registerCatalogueRoutes(app, {
    endpoints: endpoints.transportContactCatalogue,
    catalogue: transportContacts,
    idKind: 'transport_contact',
    recordOf: (body) => body.transportContact ?? {},
    validate: (body) => validateTransportContact(body.transportCompanyId, body.transportContact ?? {}),
    find: (id) => findTransportContact(db, id),
    // Nothing refers to a transport contact by id: tickets copy its name and number.
    referencedBy: async () => [],
    check: (contact) => companyMustExist(contact.transportCompanyId),
  });

  route(app, endpoints.postTruckAll, async (request) => {
    const companyId = chosenId(request.body.transportCompanyId, 'transportCompanyId');
    const page = pageAskedFor(request.query, recordPageSizes);
    return page ? listTrucksPage(db, companyId, page) : listTrucks(db, companyId);
  });

  /**
   * A plate belongs to one truck (checked under the reference-data lock, so it holds under concurrency).
   * A truck changes company only by a move, so an edit naming another company comes from a form
   * loaded before a move: refused rather than silently moving the truck back.
   */
  const truckRules = async (truck: { id: number; licensePlate: string; transportCompanyId: number }) => {
    await companyMustExist(truck.transportCompanyId);
    const current = await findTruck(db, truck.id);
    if (current && current.transportCompanyId !== truck.transportCompanyId) {
      throw new DomainError('conflict', truckMessages.movedSinceLoaded);
    }
    const holder = await findTruckIdByPlate(db, truck.licensePlate);
    if (holder !== null && holder !== truck.id)
      throw new DomainError('conflict', truckMessages.plateTaken(truck.licensePlate));
  };
  // The truck form sends the company inside the truck; the envelope's transportCompanyId also counts.
  const truckInput = async (
    body: { transportCompanyId?: unknown; truck?: Record<string, unknown> },
    current?: StoredTare,
  ) => {
    const truck = body.truck ?? {};
    return validateTruck(
      truck.transportCompanyId ?? body.transportCompanyId,
      truck,
      current ?? null,
      new Date(),
      (await getSettings(db)).maximumWeightKg,
    );
  };

  registerCatalogueRoutes(app, {
    endpoints: endpoints.truckCatalogue,
    catalogue: trucks,
    idKind: 'truck',
    recordOf: (body) => body.truck ?? {},
    validate: truckInput,
    find: (id) => findTruck(db, id),
    referencedBy: (id) => ticketReferences(db, 'truckId', id),
    check: truckRules,
  });

  route(app, endpoints.putTruckTare, async (request) => {
    const id = idOf(request.body.truck);
    const current = await findTruck(db, id);
    if (!current) throw new DomainError('not_found', trucks.notFoundMessage);
    const data = validateTruck(
      current.transportCompanyId,
      { ...current, tareWeight: request.body.truck?.tareWeight },
      current,
      new Date(),
      (await getSettings(db)).maximumWeightKg,
    );
    await updateRecord(app, trucks, id, data, {
      actorId: request.currentUser.id,
      expectedVersion: versionOf(request.body.truck),
    });
    return (await findTruck(db, id)) as NonNullable<Awaited<ReturnType<typeof findTruck>>>;
  });

  route(app, endpoints.postTruckMove, async (request) => {
    const fromTransportCompanyId = chosenId(request.body.fromTransportCompanyId, 'fromTransportCompanyId');
    const toTransportCompanyId = chosenId(request.body.toTransportCompanyId, 'toTransportCompanyId');
    return underReferenceDataLock(app, async () => {
      if (fromTransportCompanyId !== null) await companyMustExist(fromTransportCompanyId);
      const truckIds =
        fromTransportCompanyId === null ? [] : await truckIdsOfCompany(db, fromTransportCompanyId);
      const events = decideMoveTrucks({ fromTransportCompanyId, toTransportCompanyId, truckIds });
      const move = events[0];
      if (!move) return { moved: 0 };
      await companyMustExist(move.data.toTransportCompanyId);
      const metadata = { userId: request.currentUser.id, occurredAt: new Date().toISOString() };
      const result = await app.infra.eventStore.append(truckMovesStreamId(move.data.fromTransportCompanyId), [
        { ...move, metadata },
      ]);
      await app.commands.waitForProjections(result.lastPosition);
      return { moved: truckIds.length };
    });
  });
};
