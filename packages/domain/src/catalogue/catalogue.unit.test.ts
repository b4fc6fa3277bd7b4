import { type Static, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/refusal';
import { contractorCompanies } from '../contractors/contractor-company';
import { materialTypes } from '../materials/material';
import { Nullable } from '../schemas';
import { transportCompanies } from '../transports/transport-company';
import {
  type CatalogueCommand,
  type CatalogueEvent,
  type CatalogueState,
  countOf,
  defineCatalogue,
  inUseMessage,
} from './catalogue';

const GadgetSchema = Type.Object({ name: Type.String(), weight: Nullable(Type.Number()) });
type Gadget = Static<typeof GadgetSchema>;
const gadgets = defineCatalogue('Gadget', GadgetSchema, { label: 'Gadget box' });

const created: CatalogueEvent<'Gadget', Gadget> = {
  type: 'GadgetCreated',
  data: { id: 4, name: 'Sprocket', weight: 12 },
};
const updated: CatalogueEvent<'Gadget', Gadget> = {
  type: 'GadgetUpdated',
  data: { id: 4, name: 'Sprocket II', weight: 12 },
};
const deleted: CatalogueEvent<'Gadget', Gadget> = { type: 'GadgetDeleted', data: { id: 4 } };

const given = (...events: CatalogueEvent<'Gadget', Gadget>[]): CatalogueState<Gadget> =>
  events.reduce(gadgets.evolve, gadgets.initialState);
const when = (command: CatalogueCommand<Gadget>, state: CatalogueState<Gadget>) =>
  gadgets.decide(command, state);

describe('catalogue kit', () => {
  it('names its events, streams and not-found message after the catalogue', () => {
    expect(gadgets.eventTypes).toEqual({
      created: 'GadgetCreated',
      updated: 'GadgetUpdated',
      deleted: 'GadgetDeleted',
    });
    expect(gadgets.streamId(4)).toBe('gadget-4');
    expect(gadgets.notFoundMessage).toBe('Gadget box not found.');
    expect(contractorCompanies.streamId(12)).toBe('contractor-company-12');
    expect(contractorCompanies.notFoundMessage).toBe('Contractor company not found.');
  });

  it('evolves absent → active → active (replaced) → deleted', () => {
    expect(given()).toEqual({ status: 'absent' });
    expect(given(created)).toEqual({ status: 'active', record: created.data });
    expect(given(created, updated)).toEqual({ status: 'active', record: updated.data });
    expect(given(created, updated, deleted)).toEqual({ status: 'deleted', id: 4 });
  });

  it('refuses an event it does not know: a programming error, never silently skipped', () => {
    const foreign = { type: 'WidgetCreated', data: { id: 4 } } as unknown as CatalogueEvent<'Gadget', Gadget>;
    expect(() => given(created, foreign)).toThrow('Gadget has no event WidgetCreated');
  });

  it('has one schema per event type, the record with its id', () => {
    expect(Object.keys(gadgets.eventSchemas)).toEqual(['GadgetCreated', 'GadgetUpdated', 'GadgetDeleted']);
    expect(Object.keys(gadgets.eventSchemas.GadgetCreated.properties)).toEqual(['id', 'name', 'weight']);
  });
});

describe('catalogue decider', () => {
  describe('Create', () => {
    it('records the whole record as created', () => {
      expect(when({ type: 'Create', record: created.data }, given())).toEqual([created]);
    });

    it('refuses to create over an existing or deleted stream (ids are never reused)', () => {
      for (const state of [given(created), given(created, deleted)]) {
        const error = thrown(() => when({ type: 'Create', record: created.data }, state));
        expect(error.kind).toBe('conflict');
        expect(error.message).toBe('Gadget box already exists.');
      }
    });
  });

  describe('Update', () => {
    it('records the replaced record', () => {
      expect(when({ type: 'Update', record: updated.data }, given(created))).toEqual([updated]);
    });

    it('records nothing when the record is unchanged', () => {
      expect(when({ type: 'Update', record: { ...created.data } }, given(created))).toEqual([]);
      expect(when({ type: 'Update', record: { ...updated.data } }, given(created, updated))).toEqual([]);
    });

    it('records nothing for the same record with its keys in another order (as read back from jsonb)', () => {
      const reordered = { weight: 12, id: 4, name: 'Sprocket' };
      expect(when({ type: 'Update', record: reordered }, given(created))).toEqual([]);
    });

    it('counts a change from a value to null as a change', () => {
      const record = { ...created.data, weight: null };
      expect(when({ type: 'Update', record }, given(created))).toEqual([
        { type: 'GadgetUpdated', data: record },
      ]);
    });

    it('answers not found for an absent or deleted record', () => {
      for (const state of [given(), given(created, deleted)]) {
        const error = thrown(() => when({ type: 'Update', record: updated.data }, state));
        expect(error.kind).toBe('not_found');
        expect(error.message).toBe('Gadget box not found.');
      }
    });
  });

  describe('Delete', () => {
    it('records the deletion when nothing refers to the record', () => {
      expect(when({ type: 'Delete', id: 4, referencedBy: [] }, given(created, updated))).toEqual([deleted]);
    });

    it('refuses while something still refers to it, naming what', () => {
      const error = thrown(() =>
        when({ type: 'Delete', id: 4, referencedBy: ['2 trucks', '1 contact'] }, given(created)),
      );
      expect(error.kind).toBe('conflict');
      expect(error.message).toBe(
        'This gadget box is still used by 2 trucks and 1 contact. Remove or move them first.',
      );
    });

    it('answers not found for an absent or already deleted record', () => {
      for (const state of [given(), given(created, deleted)]) {
        const error = thrown(() => when({ type: 'Delete', id: 4, referencedBy: [] }, state));
        expect(error.kind).toBe('not_found');
        expect(error.message).toBe('Gadget box not found.');
      }
    });

    it('checks existence before references: a deleted record is not found even if referenced', () => {
      const error = thrown(() =>
        when({ type: 'Delete', id: 4, referencedBy: ['1 project'] }, given(created, deleted)),
      );
      expect(error.kind).toBe('not_found');
    });
  });
});

describe('in-use messages', () => {
  it('lower-cases the label and joins the references with "and"', () => {
    expect(inUseMessage(contractorCompanies.label, ['1 project', '2 contacts'])).toBe(
      'This contractor company is still used by 1 project and 2 contacts. Remove or move them first.',
    );
    expect(inUseMessage(transportCompanies.label, ['3 trucks'])).toBe(
      'This haulage company is still used by 3 trucks. Remove or move them first.',
    );
    expect(inUseMessage(materialTypes.label, ['1 project'])).toBe(
      'This material type is still used by 1 project. Remove or move them first.',
    );
  });

  it('counts in the singular for one and the plural otherwise', () => {
    expect(countOf(1, 'truck')).toBe('1 truck');
    expect(countOf(2, 'truck')).toBe('2 trucks');
    expect(countOf(0, 'truck')).toBe('0 trucks');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
