import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  errorResponses,
  recordPageSizes,
  TransportCompanyDetailsSchema,
  TransportCompanyListItemSchema,
  TransportCompanySchema,
  TransportContactSchema,
  TransportEnvelope,
  TruckPageQuery,
  TruckPageSchema,
  TruckSchema,
} from '@portal/contract';
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
import { Type } from '@sinclair/typebox';
import { underReferenceDataLock, updateRecord } from '../catalogue/catalogue-commands';
import { registerCatalogueRoutes } from '../catalogue/catalogue-routes';
import { pageAskedFor, pagingDescription } from '../list-pages';
import { chosenId, idOf, versionOf } from '../loose-body';
import { siteDate } from '../site-time';
import { buildTransportExport, transportExportFileName } from './transport-export';

/** The routes of transport companies, their contacts and trucks. */
export const transportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.infra.db;
  const companyMustExist = async (transportCompanyId: number) => {
    if (!(await findTransportCompany(db, transportCompanyId))) {
      const message = transportCompanies.notFoundMessage;
      throw new DomainError('validation', message, { transportCompanyId: message });
    }
  };

  app.get(
    '/api/transportcompany/all',
    {
      schema: {
        tags: ['transports'],
        response: { 200: Type.Array(TransportCompanyListItemSchema), ...errorResponses },
      },
    },
    async () => listTransportCompanies(db),
  );

  app.get(
    '/api/transportcompany/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['transports'],
        summary:
          "Every truck by company as transport-company-export-{date}.xlsx, with totals per company and overall; tares in the site's unit (settings' displayUnit), a unit other than KG named in the header: 'tareWeight (lb)'",
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (_request, reply) => {
      const { displayUnit } = await getSettings(db);
      const file = await buildTransportExport(await listTrucks(db), displayUnit);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="${transportExportFileName(siteDate(app.infra.config.siteTimezone))}"`,
        )
        .send(file);
    },
  );

  registerCatalogueRoutes(app, {
    base: '/api/transportcompany',
    tag: 'transports',
    catalogue: transportCompanies,
    idKind: 'transport_company',
    response: TransportCompanySchema,
    validate: validateCompany,
    find: (id) => findTransportCompany(db, id),
    uniqueNameIn: 'transportCompanies',
    details: {
      response: TransportCompanyDetailsSchema,
      find: (id) => findTransportCompanyDetails(db, id),
      description:
        'The company with its contacts and trucks (spec section 3). /all, /new and /edit answer the company without them: {id, name, version}, and /all adds truckCount.',
    },
    referencedBy: (id) => transportCompanyReferences(db, id),
  });

  app.post(
    '/api/transportcontact/all',
    {
      schema: {
        tags: ['transports'],
        body: TransportEnvelope,
        response: { 200: Type.Array(TransportContactSchema), ...errorResponses },
      },
    },
    async (request) =>
      listTransportContacts(db, chosenId(request.body.transportCompanyId, 'transportCompanyId')),
  );

  registerCatalogueRoutes(app, {
    base: '/api/transportcontact',
    tag: 'transports',
    catalogue: transportContacts,
    idKind: 'transport_contact',
    response: TransportContactSchema,
    body: TransportEnvelope,
    recordOf: (body) => body.transportContact ?? {},
    validate: (body) => validateTransportContact(body.transportCompanyId, body.transportContact ?? {}),
    find: (id) => findTransportContact(db, id),
    // Nothing refers to a transport contact by id: tickets copy its name and number.
    referencedBy: async () => [],
    check: (contact) => companyMustExist(contact.transportCompanyId),
  });

  app.post(
    '/api/truck/all',
    {
      schema: {
        tags: ['trucks'],
        description: pagingDescription(recordPageSizes, 'records'),
        body: TransportEnvelope,
        querystring: TruckPageQuery,
        response: { 200: Type.Union([Type.Array(TruckSchema), TruckPageSchema]), ...errorResponses },
      },
    },
    async (request) => {
      const companyId = chosenId(request.body.transportCompanyId, 'transportCompanyId');
      const page = pageAskedFor(request.query, recordPageSizes);
      return page ? listTrucksPage(db, companyId, page) : listTrucks(db, companyId);
    },
  );

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
    base: '/api/truck',
    tag: 'trucks',
    catalogue: trucks,
    idKind: 'truck',
    response: TruckSchema,
    body: TransportEnvelope,
    recordOf: (body) => body.truck ?? {},
    validate: truckInput,
    find: (id) => findTruck(db, id),
    referencedBy: (id) => ticketReferences(db, 'truckId', id),
    check: truckRules,
  });

  app.put(
    '/api/truck/tare',
    {
      schema: {
        tags: ['trucks'],
        summary: "Sets a truck's tare weight (KG)",
        body: TransportEnvelope,
        response: { 200: TruckSchema, ...errorResponses },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/api/truck/move',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['trucks'],
        summary: 'Moves every truck of one transport company to another, all at once',
        body: Type.Object({
          fromTransportCompanyId: Type.Optional(Type.Unknown()),
          toTransportCompanyId: Type.Optional(Type.Unknown()),
        }),
        response: { 200: Type.Object({ moved: Type.Integer() }), ...errorResponses },
      },
    },
    async (request) => {
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
        const result = await app.infra.eventStore.append(
          truckMovesStreamId(move.data.fromTransportCompanyId),
          [{ ...move, metadata }],
        );
        await app.commands.waitForProjections(result.lastPosition);
        return { moved: truckIds.length };
      });
    },
  );
};
