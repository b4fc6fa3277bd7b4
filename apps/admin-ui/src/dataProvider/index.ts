import { requestOf } from '@portal/contract';
import type {
  CreateParams,
  DataProvider,
  DeleteParams,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateParams,
} from 'react-admin';
import { queryList } from './client-side-list';
import { send } from './http-client';
import { type ResourceRoutes, resourceRoutes } from './resources';
import { serverPageQuery } from './server-pages';

/*
 * A custom provider rather than ra-data-simple-rest: that one expects GET /users?sort=&range=, GET /users/12,
 * PUT /users/12 and a Content-Range header, while the spec's API has /api/user/all (every row,
 * no paging), /api/user/{id}, POST /api/user/new and PUT /api/user/edit with the id and version in the body.
 */

function routesOf(resource: string): ResourceRoutes {
  const routes = resourceRoutes[resource];
  if (!routes) throw new Error(`No API routes are declared for the resource "${resource}"`);
  return routes;
}

async function fetchAll<RecordType extends RaRecord>(
  resource: string,
  filter: Record<string, unknown> = {},
): Promise<RecordType[]> {
  const { list, listKeepsSessionOnUnauthorized, unwrapList } = routesOf(resource);
  const { declaration, input } = list(filter);
  const json = await send(requestOf(declaration, input), {
    keepSessionOnUnauthorized: listKeepsSessionOnUnauthorized === true,
  });
  return (unwrapList ? unwrapList(json) : json) as RecordType[];
}

/**
 * A page of a list from the server when its route pages (trucks, projects), else the whole list paged in
 * the browser. `ownFilter` names the filter fields the route itself applies (getManyReference's target).
 */
async function listPage<RecordType extends RaRecord>(
  resource: string,
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  ownFilter: Record<string, unknown> = {},
): Promise<GetListResult<RecordType>> {
  const { list, listKeepsSessionOnUnauthorized, serverPaging } = routesOf(resource);
  const query = serverPaging && serverPageQuery(serverPaging, params, Object.keys(ownFilter));
  if (!serverPaging || !query) {
    const all = await fetchAll<RecordType>(resource, ownFilter);
    const matching = all.filter((record) =>
      Object.entries(ownFilter).every(([field, value]) => String(record[field]) === String(value)),
    );
    return queryList(matching, params);
  }
  const { declaration, input } = list(ownFilter);
  const request = requestOf(declaration, input);
  const page = (await send(
    { ...request, url: `${request.url}${query}` },
    { keepSessionOnUnauthorized: listKeepsSessionOnUnauthorized === true },
  )) as Record<string, unknown>;
  return { data: page[serverPaging.rows] as RecordType[], total: Number(page.total) };
}

async function deleteOne(resource: string, id: Identifier): Promise<void> {
  await send(requestOf(routesOf(resource).record.remove, { params: { id } }));
}

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    return listPage(resource, params);
  },

  async getOne<RecordType extends RaRecord>(resource: string, { id }: GetOneParams<RecordType>) {
    return {
      data: (await send(requestOf(routesOf(resource).record.read, { params: { id } }))) as RecordType,
    };
  },

  async getMany<RecordType extends RaRecord>(resource: string, { ids }: GetManyParams<RecordType>) {
    const wanted = new Set(ids.map(String));
    const all = await fetchAll<RecordType>(resource);
    return { data: all.filter((record) => wanted.has(String(record.id))) };
  },

  async getManyReference<RecordType extends RaRecord>(
    resource: string,
    { target, id, ...params }: GetManyReferenceParams,
  ) {
    return listPage<RecordType>(resource, params, { [target]: id });
  },

  async create<RecordType extends RaRecord>(resource: string, { data }: CreateParams) {
    const { record, toPayload, envelope } = routesOf(resource);
    const payload = toPayload(data);
    const body = envelope ? envelope(payload) : payload;
    return { data: (await send(requestOf(record.create, { body }))) as RecordType };
  },

  async update<RecordType extends RaRecord>(resource: string, { id, data, previousData }: UpdateParams) {
    const { record, toPayload, envelope } = routesOf(resource);
    // The record's own id (a number) rather than the route's string; and the version the form was loaded
    // with, so a stale save gets a 409 instead of overwriting someone else's change.
    const body = {
      id: data.id ?? previousData?.id ?? id,
      version: data.version ?? previousData?.version,
      ...toPayload(data),
    };
    return {
      data: (await send(requestOf(record.edit, { body: envelope ? envelope(body) : body }))) as RecordType,
    };
  },

  async updateMany() {
    throw new Error('The portal API has no bulk edit for this resource');
  },

  async delete<RecordType extends RaRecord>(
    resource: string,
    { id, previousData }: DeleteParams<RecordType>,
  ) {
    await deleteOne(resource, id);
    // The API answers 204; react-admin only needs the deleted record back for its cache.
    return { data: previousData ?? ({ id } as RecordType) };
  },

  async deleteMany(resource, { ids }) {
    await Promise.all(ids.map((id) => deleteOne(resource, id)));
    return { data: ids };
  },
};
