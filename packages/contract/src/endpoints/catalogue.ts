import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import { errorResponses, IdParams, LooseRecord } from '../http';
import { endpoint } from './endpoint';

interface CatalogueDeclaration<Response extends TObject, Body extends TSchema, Details extends TObject> {
  tag: string;
  /** What one record is called in the summaries ('scale', 'transport contact'). */
  noun: string;
  /** Spelled out, so that a grep for a path finds its declaration. */
  paths: {
    read: `/api/${string}/:id`;
    create: `/api/${string}/new`;
    edit: `/api/${string}/edit`;
    remove: `/api/${string}/:id`;
  };
  /** The saved record, as create and edit answer it (and read, unless `details` says otherwise). */
  response: Response;
  /** The save body; the entity itself unless the spec names an envelope. */
  body?: Body;
  /** What read answers when it gives the record more than its saved fields (a scale's live weight). */
  details?: { response: Details; description: string };
}

/**
 * A catalogue entity's four endpoints: read and delete by id, create (`/new`) and edit (`/edit`);
 * reads for any signed-in user, writes for administrators, answering with the saved record.
 */
export function catalogueEndpoints<
  Response extends TObject,
  Body extends TSchema = typeof LooseRecord,
  Details extends TObject = Response,
>(declaration: CatalogueDeclaration<Response, Body, Details>) {
  const { tag, noun, paths, response, details } = declaration;
  const body = (declaration.body ?? LooseRecord) as Body;
  const tags = [tag];
  const saved = { 200: response, ...errorResponses };
  return {
    read: endpoint({
      method: 'GET',
      path: paths.read,
      access: 'user',
      tags,
      summary: `One ${noun}`,
      ...(details ? { description: details.description } : {}),
      params: IdParams,
      response: { 200: (details?.response ?? response) as Details, ...errorResponses },
    }),
    create: endpoint({
      method: 'POST',
      path: paths.create,
      access: 'admin',
      tags,
      summary: `Creates a ${noun}; answers it as saved`,
      body,
      response: saved,
    }),
    edit: endpoint({
      method: 'PUT',
      path: paths.edit,
      access: 'admin',
      tags,
      summary: `Saves a ${noun} (send back the version read; a changed one is a 409); answers it as saved`,
      body,
      response: saved,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: paths.remove,
      access: 'admin',
      tags,
      summary: `Deletes a ${noun} that nothing refers to (else a 409 naming what does)`,
      params: IdParams,
      response: { 204: Type.Null(), ...errorResponses },
    }),
  };
}

export type CatalogueEndpoints = ReturnType<typeof catalogueEndpoints>;
