import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { currentVersionOf, eventVersionsOf, storedVersionOf, upcastEventData } from './event-versions';
import { portalEventVersions } from './portal-events';

const registry = eventVersionsOf(
  { Weighed: Type.Object({ kg: Type.Number(), source: Type.Union([Type.String(), Type.Null()]) }) },
  {
    Weighed: [
      {
        schema: Type.Object({ tonnes: Type.Number() }),
        toNext: ({ tonnes }: { tonnes: number }) => ({ kg: tonnes * 1000 }),
      },
      {
        schema: Type.Object({ kg: Type.Number(), source: Type.Optional(Type.String()) }),
        toNext: ({ kg, source }: { kg: number; source?: string }) => ({ kg, source: source ?? null }),
      },
    ],
  },
);

describe('event versions', () => {
  it('are counted from 1, the current one last', () => {
    expect(currentVersionOf(registry, 'Weighed')).toBe(3);
    expect(currentVersionOf(registry, 'Unknown')).toBeUndefined();
  });

  it('upcast stored data through every later version, and leave current data as it is', () => {
    expect(upcastEventData(registry, 'Weighed', 1, { tonnes: 2.5 })).toEqual({ kg: 2500, source: null });
    expect(upcastEventData(registry, 'Weighed', 2, { kg: 7, source: 'scale 1' })).toEqual({
      kg: 7,
      source: 'scale 1',
    });
    const current = { kg: 7, source: null };
    expect(upcastEventData(registry, 'Weighed', 3, current)).toBe(current);
  });

  it('refuse a version this build does not know, rather than misread it', () => {
    expect(() => upcastEventData(registry, 'Weighed', 4, {})).toThrow('Weighed has no version 4');
    expect(() => upcastEventData(registry, 'Weighed', 0, {})).toThrow();
  });

  it('read an event written before versions as version 1', () => {
    expect(storedVersionOf({ userId: 1 })).toBe(1);
    expect(storedVersionOf({ schemaVersion: 2 })).toBe(2);
  });

  it('refuse older versions of a type that has no current schema', () => {
    expect(() =>
      eventVersionsOf({}, { Gone: [{ schema: Type.Object({}), toNext: (data: never) => data }] }),
    ).toThrow('Older versions of Gone');
  });

  it("hold the portal's changed payloads: TicketWeighed without a source, scales without a capacity", () => {
    expect(
      upcastEventData(portalEventVersions, 'TicketWeighed', 1, {
        ticketId: 1,
        materialId: 2,
        scaleWeight: 40_000,
        tareWeight: 15_000,
        weight: 25_000,
      }),
    ).toEqual({
      ticketId: 1,
      materialId: 2,
      scaleWeight: 40_000,
      tareWeight: 15_000,
      weight: 25_000,
      source: null,
    });
    expect(upcastEventData(portalEventVersions, 'ScaleCreated', 1, { id: 3, scaleName: 'North' })).toEqual({
      id: 3,
      scaleName: 'North',
      minimumWeightDivisions: 20,
      returnToZeroRequired: true,
      capacityKg: null,
    });
  });
});
