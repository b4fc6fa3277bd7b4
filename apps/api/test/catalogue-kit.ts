import { type Endpoint, requestOf } from '@portal/contract';
import { expect } from 'vitest';
import type { PortalTest } from './portal';

/** A catalogue's read, edit and delete, as `endpoints.<name>Catalogue` declares them. */
interface CatalogueCalls {
  read: Endpoint;
  edit: Endpoint;
  remove: Endpoint;
}

const staleMessage = 'This record was changed by someone else. Reload it and try again.';

/**
 * The checks every catalogue's tests make of its read, edit and delete, sent as the administrator;
 * `envelope` wraps a record as the catalogue's edit takes it (`{project, loggedInUserId}`, `{truck}`).
 */
export function catalogueChecks(
  test: PortalTest,
  catalogue: CatalogueCalls,
  envelope: (record: object) => object = (record) => record,
) {
  const send = (declaration: Endpoint, input: object) => {
    const { method, url, body } = requestOf(declaration, input);
    return test.portal.app.inject({
      method,
      url,
      headers: test.admin,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };
  return {
    /** An id with no record: read and edit answer 404 with `message`, delete answers 404. */
    async expectNotFound(id: number, message: string, record: object) {
      const read = await send(catalogue.read, { params: { id } });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ message });
      expect((await send(catalogue.remove, { params: { id } })).statusCode).toBe(404);
      const edit = await send(catalogue.edit, { body: envelope({ ...record, id }) });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toEqual({ message });
    },

    /**
     * Two edits of the same loaded record: the first (`newer`) is saved, the second (`older`) is a 409
     * saying it was changed by someone else, and the record read back holds the newer change.
     */
    async expectStaleEditRefused(saved: { id: number; version: number }, newer: object, older: object) {
      const first = await send(catalogue.edit, { body: envelope({ ...saved, ...newer }) });
      expect(first.statusCode, first.body).toBe(200);
      const stale = await send(catalogue.edit, { body: envelope({ ...saved, ...older }) });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: staleMessage });
      expect((await send(catalogue.read, { params: { id: saved.id } })).json()).toMatchObject({
        ...newer,
        version: saved.version + 1,
      });
    },
  };
}
