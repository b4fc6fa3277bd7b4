import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams, LooseRecord } from '@portal/contract';
import type { Catalogue, CatalogueRecord } from '@portal/domain';
import { DomainError } from '@portal/domain';
import type { NamedCatalogueTable } from '@portal/projections';
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { idOf, versionOf } from '../loose-body';
import type { IdKind } from '../write-side/next-id';
import { createRecord, deleteRecord, updateRecord } from './catalogue-commands';
import { uniqueNameRule } from './unique-name';

interface CatalogueRouteOptions<Name extends string, Data extends object, Body extends TSchema> {
  /** The entity's route prefix, e.g. '/api/contractorcompany'. */
  base: string;
  tag: string;
  catalogue: Catalogue<Name, Data>;
  idKind: IdKind;
  response: TObject;
  /** The save body: the entity itself, or the envelope its routes take (a contact's names its company). */
  body?: Body;
  /** The record inside the envelope (it carries id and version on edit). */
  recordOf?(body: Static<Body>): Record<string, unknown>;
  /** The record to save from the body; on edit, `current` is the record as the read model holds it. */
  validate(body: Static<Body>, current?: object): Data | Promise<Data>;
  find(id: number): Promise<object | undefined>;
  /**
   * What `GET {base}/{id}` answers when the spec gives the entity more than its saved record (a
   * transport company with its contacts and trucks); `/new` and `/edit` still answer `response`.
   */
  details?: { response: TObject; find(id: number): Promise<object | undefined>; description: string };
  referencedBy(id: number): Promise<string[]>;
  /** Rules against other records (the referenced company exists, a plate is free). */
  check?(record: CatalogueRecord<Data>): Promise<void>;
  /** The read model whose records must have different names (issue 34, D13). */
  uniqueNameIn?: NamedCatalogueTable;
  /** What else goes with a deleted record (a scale's bridge keys and live state). */
  afterDelete?(id: number): Promise<void>;
}

/**
 * GET and DELETE `{base}/{id}`, POST `{base}/new` and PUT `{base}/edit` for one catalogue entity:
 * reads for any signed-in user, writes for administrators, answers with the saved record.
 */
export function registerCatalogueRoutes<
  Name extends string,
  Data extends object,
  Body extends TSchema = typeof LooseRecord,
>(fastify: FastifyInstance, options: CatalogueRouteOptions<Name, Data, Body>): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { base, tag, catalogue } = options;
  const body = (options.body ?? LooseRecord) as Body;
  const recordOf = options.recordOf ?? ((value: Static<Body>) => value as Record<string, unknown>);
  // The response schema serialises the view; the handler only has to find it.
  const found = async (find: (id: number) => Promise<object | undefined>, id: number) => {
    const view = await find(id);
    if (!view) throw new DomainError('not_found', catalogue.notFoundMessage);
    return view as Record<string, unknown>;
  };
  const saved = (id: number) => found(options.find, id);
  const write = { config: { access: 'admin' as const } };
  const ok = { 200: options.response, ...errorResponses };
  const { details } = options;
  const nameRule = options.uniqueNameIn && uniqueNameRule(app, catalogue, options.uniqueNameIn);
  const check = async (record: CatalogueRecord<Data>) => {
    await nameRule?.(record);
    await options.check?.(record);
  };

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags: [tag],
        params: IdParams,
        ...(details ? { description: details.description } : {}),
        response: details ? { 200: details.response, ...errorResponses } : ok,
      },
    },
    async (request) => found(details?.find ?? options.find, request.params.id),
  );

  app.post(`${base}/new`, { ...write, schema: { tags: [tag], body, response: ok } }, async (request) => {
    const data = await options.validate(request.body as Static<Body>);
    return saved(
      await createRecord(app, catalogue, options.idKind, data, {
        actorId: request.currentUser.id,
        check,
      }),
    );
  });

  app.put(`${base}/edit`, { ...write, schema: { tags: [tag], body, response: ok } }, async (request) => {
    const record = recordOf(request.body as Static<Body>);
    const data = await options.validate(request.body as Static<Body>, await options.find(idOf(record)));
    const id = await updateRecord(app, catalogue, idOf(record), data, {
      actorId: request.currentUser.id,
      expectedVersion: versionOf(record),
      check,
    });
    return saved(id);
  });

  app.delete(
    `${base}/:id`,
    {
      ...write,
      schema: { tags: [tag], params: IdParams, response: { 204: Type.Null(), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteRecord(app, catalogue, request.params.id, {
        actorId: request.currentUser.id,
        referencedBy: options.referencedBy,
      });
      await options.afterDelete?.(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
