import { type Endpoint, requestOf } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PortalTest } from './portal';

/** A catalogue's read, edit and delete, as `endpoints.<name>Catalogue` declares them. */
export interface CatalogueCalls {
  create: Endpoint;
  read: Endpoint;
  edit: Endpoint;
  remove: Endpoint;
}

/**
 * Sends a declared endpoint's request to the test portal (as the administrator unless told), answering the
 * raw response: for the checks of status codes and refusals that the typed client (which expects a 200)
 * cannot make.
 */
export const declaredSender =
  (test: PortalTest) =>
  (declaration: Endpoint, input: object, headers = test.admin) => {
    const { method, url, body } = requestOf(declaration, input);
    return test.portal.app.inject({
      method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };

/** The JSON of a response that must be a 200 (failing with its body otherwise). */
export function okAnswer(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const staleMessage = 'This record was changed by someone else. Reload it and try again.';
const forbiddenMessage = 'You do not have permission to do this.';

/** Every response answers 403 with the spec's message (a standard user's writes). */
export async function expectForbidden(responses: Promise<LightMyRequestResponse>[]) {
  for (const response of await Promise.all(responses)) {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: forbiddenMessage });
  }
}

/** `attempt` answers 400 with `message` on `field`, and the catalogue still lists `count()` records. */
export async function expectRefusedCreatingNothing(
  count: () => Promise<number>,
  attempt: () => Promise<LightMyRequestResponse>,
  field: string,
  message: string,
) {
  const before = await count();
  const response = await attempt();
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ message, errors: { [field]: message } });
  expect(await count()).toBe(before);
}

/**
 * Read-your-writes: each of 20 records created in turn (`create(round)`) is in the very next list,
 * without retry; `listed` is how the list shows a saved record.
 */
export async function expectReadYourWrites<Saved>(
  create: (round: number) => Promise<Saved>,
  list: () => Promise<unknown[]>,
  listed: (saved: Saved) => unknown = (saved) => saved,
) {
  for (let round = 0; round < 20; round++) {
    const saved = await create(round);
    expect(await list()).toContainEqual(listed(saved));
  }
}

/**
 * The checks every catalogue's tests make of its read, edit and delete, sent as the administrator;
 * `envelope` wraps a record as the catalogue's edit takes it (`{project, loggedInUserId}`, `{truck}`).
 */
export function catalogueChecks(
  test: PortalTest,
  catalogue: CatalogueCalls,
  envelope: (record: object) => object = (record) => record,
) {
  const send = declaredSender(test);
  const read = (id: number, headers = test.admin) => send(catalogue.read, { params: { id } }, headers);
  return {
    /** An id with no record: read and edit answer 404 with `message`, delete answers 404. */
    async expectNotFound(id: number, message: string, record: object) {
      const found = await read(id);
      expect(found.statusCode).toBe(404);
      expect(found.json()).toEqual({ message });
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
      expect((await read(saved.id)).json()).toMatchObject({
        ...newer,
        version: saved.version + 1,
      });
    },

    /**
     * A standard user reads `saved` (as `shown`, when read answers more than the record) but each of
     * `writes()` answers 403, and afterwards the list still `count`s as many records and `saved` is as it was.
     */
    async expectReadOnlyToStandardUsers(
      saved: { id: number },
      {
        count,
        writes,
        shown = saved,
      }: {
        count: () => Promise<number>;
        writes: () => Promise<LightMyRequestResponse>[];
        shown?: object;
      },
    ) {
      expect((await read(saved.id, test.standard)).json()).toEqual(shown);
      const before = await count();
      await expectForbidden(writes());
      expect(await count()).toBe(before);
      expect((await read(saved.id)).json()).toEqual(shown);
    },

    /** Deleting the record answers 204, and reading it afterwards 404. */
    async expectDeleted(id: number) {
      expect((await send(catalogue.remove, { params: { id } })).statusCode).toBe(204);
      expect((await read(id)).statusCode).toBe(404);
    },

    /** An edit that changes nothing answers the saved record as it was, version and all. */
    async expectUnchangedEditKeepsVersion(saved: object) {
      const edited = await send(catalogue.edit, { body: envelope({ ...saved }) });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toEqual(saved);
    },

    /** An edit making `change` answers 400 with `message` on `field`, and the record read back is `saved`. */
    async expectEditRefused(saved: { id: number }, change: object, field: string, message: string) {
      const response = await send(catalogue.edit, { body: envelope({ ...saved, ...change }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: { [field]: message } });
      expect((await read(saved.id)).json()).toEqual(saved);
    },
  };
}
