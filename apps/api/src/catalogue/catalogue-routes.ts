import type { Endpoint, IdParams } from '@portal/contract';
import type { Catalogue, CatalogueRecord } from '@portal/domain';
import { DomainError } from '@portal/domain';
import type { NamedCatalogueTable } from '@portal/projections';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { idOf, versionOf } from '../loose-body';
import { route } from '../route';
import type { IdKind } from '../write-side/next-id';
import { createRecord, deleteRecord, updateRecord } from './catalogue-commands';
import { uniqueNameRule } from './unique-name';

interface CatalogueRouteOptions<Name extends string, Data extends object, Body> {
  /** The entity's four declarations in the contract (`catalogueEndpoints`). */
  endpoints: Record<'read' | 'create' | 'edit' | 'remove', Endpoint> & { edit: { body: { static: Body } } };
  catalogue: Catalogue<Name, Data>;
  idKind: IdKind;
  /** The record inside the envelope (it carries id and version on edit). */
  recordOf?(body: Body): Record<string, unknown>;
  /** The record to save from the body; on edit, `current` is the record as the read model holds it. */
  validate(body: Body, current?: object): Data | Promise<Data>;
  find(id: number): Promise<object | undefined>;
  /** What read answers when its declaration gives the entity more than its saved record (a transport company with its contacts and trucks). */
  details?: { find(id: number): Promise<object | undefined> };
  referencedBy(id: number): Promise<string[]>;
  /** Rules against other records (the referenced company exists, a plate is free). */
  check?(record: CatalogueRecord<Data>): Promise<void>;
  /** The read model whose records must have different names (issue 34, D13). */
  uniqueNameIn?: NamedCatalogueTable;
  /** What else goes with a deleted record (a scale's bridge keys and live state). */
  afterDelete?(id: number): Promise<void>;
}

/**
 * The handlers of one catalogue entity's four declared endpoints (read and delete by id, create and
 * edit), answering with the saved record.
 */
export function registerCatalogueRoutes<Name extends string, Data extends object, Body>(
  app: FastifyInstance,
  options: CatalogueRouteOptions<Name, Data, Body>,
): void {
  const { catalogue, endpoints } = options;
  const recordOf = options.recordOf ?? ((value: Body) => value as Record<string, unknown>);
  // The response schema serialises the view; the handler only has to find it.
  const found = async (find: (id: number) => Promise<object | undefined>, id: number) => {
    const view = await find(id);
    if (!view) throw new DomainError('not_found', catalogue.notFoundMessage);
    return view as Record<string, unknown>;
  };
  // Checked against IdParams by the declarations' schemas.
  const idOfParams = (params: unknown) => (params as Static<typeof IdParams>).id;
  const saved = (id: number) => found(options.find, id);
  const nameRule = options.uniqueNameIn && uniqueNameRule(app, catalogue, options.uniqueNameIn);
  const check = async (record: CatalogueRecord<Data>) => {
    await nameRule?.(record);
    await options.check?.(record);
  };

  route(app, endpoints.read, async (request) =>
    found(options.details?.find ?? options.find, idOfParams(request.params)),
  );

  route(app, endpoints.create, async (request) => {
    const data = await options.validate(request.body as Body);
    return saved(
      await createRecord(app, catalogue, options.idKind, data, {
        actorId: request.currentUser.id,
        check,
      }),
    );
  });

  route(app, endpoints.edit, async (request) => {
    const record = recordOf(request.body as Body);
    const data = await options.validate(request.body as Body, await options.find(idOf(record)));
    const id = await updateRecord(app, catalogue, idOf(record), data, {
      actorId: request.currentUser.id,
      expectedVersion: versionOf(record),
      check,
    });
    return saved(id);
  });

  route(app, endpoints.remove, async (request, reply) => {
    await deleteRecord(app, catalogue, idOfParams(request.params), {
      actorId: request.currentUser.id,
      referencedBy: options.referencedBy,
    });
    await options.afterDelete?.(idOfParams(request.params));
    return reply.status(204).send(null);
  });
}
