import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal';
import { decideTicket } from './business-logic';
import {
  chooseExternalLoad,
  type ExternalLoad,
  ExternalLoadSchema,
  externalLoadFill,
  externalLoadMessages,
  externalTimeAsUtc,
} from './external-load';
import { type ActiveTicket, evolveTicket, initialTicketState, type TicketState } from './ticket';
import { type TicketActor, type TicketCommand, ticketMessages } from './ticket-commands';
import { emptyTicketDetails, type TicketDetails } from './ticket-details';
import type { TicketEvent } from './ticket-events';
import { validateExternalTicket } from './validation';

const load = (id: number, status = 'dispatched', overrides: Partial<ExternalLoad> = {}): ExternalLoad => ({
  id,
  status,
  dispatchedTime: '2026-03-10T14:00:00',
  sourceSite: { name: '12 Main St', contractingcompany: { name: 'Acme Excavating' } },
  assignerUser: { firstName: 'Sam', lastName: 'Site', phone: '(416)555-1234' },
  truck: {
    driverName: 'Dan Driver',
    driverPhone: '(905)555-0142',
    global_truck: { number: 'T-12', license: 'ab 12345', hauler: { name: 'Haul Co' } },
  },
  ...overrides,
});

describe('the choice of a ticket number’s load', () => {
  it('ignores void and rogue loads, in any case, and takes the highest id among the rest', () => {
    const loads = [load(4), load(9, 'void'), load(7, 'Delivered'), load(12, 'ROGUE'), load(5)];
    expect(chooseExternalLoad(loads)?.id).toBe(7);
  });

  it('is none when every load is void or rogue, or there is none', () => {
    expect(chooseExternalLoad([load(3, 'void'), load(4, 'rogue')])).toBeNull();
    expect(chooseExternalLoad([])).toBeNull();
  });
});

describe('times from SoilFLO', () => {
  it('are UTC when they carry no zone, with or without a T', () => {
    expect(externalTimeAsUtc('2026-03-10T14:00:00')).toBe('2026-03-10T14:00:00.000Z');
    expect(externalTimeAsUtc('2026-03-10 14:00:00.250')).toBe('2026-03-10T14:00:00.250Z');
  });

  it('keep the zone they carry', () => {
    expect(externalTimeAsUtc('2026-03-10T14:00:00-05:00')).toBe('2026-03-10T19:00:00.000Z');
    expect(externalTimeAsUtc('2026-03-10T14:00:00Z')).toBe('2026-03-10T14:00:00.000Z');
  });

  it('are none when they are not times', () => {
    expect(externalTimeAsUtc('yesterday')).toBeNull();
    expect(externalTimeAsUtc('2026-13-45T99:00:00')).toBeNull();
  });
});

describe('a load’s fill of its ticket', () => {
  it('gives the job site, companies by name, truck, driver, assigner as site contact and the time loaded as UTC', () => {
    expect(externalLoadFill(load(7))).toEqual({
      soilFLOTicketId: 7,
      jobSite: '12 Main St',
      contractorCompanyName: 'Acme Excavating',
      transportCompanyName: 'Haul Co',
      truckNumber: 'T-12',
      truckLicensePlate: 'ab12345',
      truckDriverName: 'Dan Driver',
      truckDriverNumber: '(905)555-0142',
      siteContactName: 'Sam Site',
      siteContactNumber: '(416)555-1234',
      timeLoaded: '2026-03-10T14:00:00.000Z',
    });
  });

  it('leaves out what SoilFLO leaves empty, and takes a numeric truck number as text', () => {
    const sparse = load(8, 'dispatched', {
      assignerUser: { firstName: null, lastName: '  ', phone: null },
      truck: {
        driverName: null,
        driverPhone: null,
        global_truck: { number: 42, license: null, hauler: { name: null } },
      },
    });
    expect(externalLoadFill(sparse)).toMatchObject({
      siteContactName: null,
      siteContactNumber: null,
      truckDriverName: null,
      truckNumber: '42',
      truckLicensePlate: null,
      transportCompanyName: null,
    });
  });

  it('schema refuses a load without its truck or with a text id', () => {
    const { truck: _truck, ...withoutTruck } = load(1);
    expect(Value.Check(ExternalLoadSchema, withoutTruck)).toBe(false);
    expect(Value.Check(ExternalLoadSchema, { ...load(1), id: '1' })).toBe(false);
    expect(Value.Check(ExternalLoadSchema, { ...load(1), extra: 'ignored' })).toBe(true);
  });
});

describe('the SoilFLO form’s rules', () => {
  it('needs the ticket number and the date', () => {
    expect(refusal(() => validateExternalTicket({ ticketNumber: null, date: null }))).toEqual({
      kind: 'validation',
      message: 'Ticket number is required',
      errors: { ticketNumber: 'Ticket number is required', date: 'Date is required' },
    });
  });

  it('takes SoilFLO’s licence plates as SoilFLO writes them, longer than the portal’s own 7', () => {
    expect(
      validateExternalTicket({ ticketNumber: 4, date: '2026-03-10', truckLicensePlate: 'ca123-456' }),
    ).toMatchObject({
      truckLicensePlate: 'CA123-456',
    });
  });

  it('needs the time received after the time loaded', () => {
    const times = { ticketNumber: 4, date: '2026-03-10', timeLoaded: '2026-03-10T14:00:00Z' };
    expect(
      refusal(() => validateExternalTicket({ ...times, timeReceived: '2026-03-10T13:00:00Z' })).errors,
    ).toEqual({ timeReceived: 'Time received must be after time loaded' });
    expect(validateExternalTicket({ ...times, timeReceived: '2026-03-10T15:00:00Z' }).timeReceived).toBe(
      '2026-03-10T15:00:00.000Z',
    );
  });
});

const admin: TicketActor = { userId: 1, isAdministrator: true };
const standard: TicketActor = { userId: 2, isAdministrator: false };
const now = '2026-03-10T15:00:00.000Z';
const generated = (isSoilFLOLoad: boolean): TicketEvent => ({
  type: 'TicketGenerated',
  data: { ticketId: 12, prefix: 0, ticketNumber: 42, isSoilFLOLoad, hashNonce: 'n', date: now },
});
const filled: TicketDetails = {
  ...emptyTicketDetails,
  date: now,
  jobSite: '12 Main St',
  timeLoaded: '2026-03-10T14:00:00.000Z',
  soilFLOTicketId: 7,
  updateSoilFLO: true,
};
const given = (...events: TicketEvent[]): TicketState => events.reduce(evolveTicket, initialTicketState);
const after = (state: TicketState, command: TicketCommand): ActiveTicket => {
  const next = decideTicket(command, state).reduce(evolveTicket, state);
  if (next.status !== 'active') throw new Error('expected an active ticket');
  return next;
};
const saveExternal = (details: TicketDetails, receive: boolean, actor = admin): TicketCommand => ({
  type: 'SaveExternalTicket',
  details,
  receive,
  actor,
  now,
});

describe('the SoilFLO form’s receive toggle', () => {
  it('receives: time received now, the receiving user, updateSoilFLO, and the receipt names the load to report to', () => {
    const events = decideTicket(saveExternal(filled, true), given(generated(true)));
    expect(events).toEqual([
      { type: 'TicketEdited', data: { ticketId: 12, details: filled } },
      {
        type: 'TicketReceived',
        data: {
          ticketId: 12,
          timeReceived: now,
          timeLoaded: filled.timeLoaded,
          receivedByUserId: 1,
          source: 'ticket',
          soilFLOLoadId: 7,
          netWeight: null,
        },
      },
    ]);
  });

  it('reports the net weight the ticket has when it is received', () => {
    const weighed = { ...filled, weight: 18_250.5 };
    const [, receipt] = decideTicket(saveExternal(weighed, true), given(generated(true)));
    expect(receipt?.data).toMatchObject({ soilFLOLoadId: 7, netWeight: 18_250.5 });
  });

  it('receives without a report when updateSoilFLO is off', () => {
    const [, receipt] = decideTicket(
      saveExternal({ ...filled, updateSoilFLO: false }, true),
      given(generated(true)),
    );
    expect(receipt).toMatchObject({ type: 'TicketReceived' });
    expect(receipt?.data).not.toHaveProperty('soilFLOLoadId');
  });

  it('un-receives through the reset: not received, time received cleared, updateSoilFLO off', () => {
    const received = after(given(generated(true)), saveExternal(filled, true));
    const reset = after({ ...received }, { type: 'ResetReceipt', actor: admin });
    expect(reset.isReceived).toBe(false);
    expect(reset.details.timeReceived).toBeNull();
    expect(reset.details.updateSoilFLO).toBe(false);
  });

  it('saves without receiving, and a save of a received ticket keeps its receipt', () => {
    const saved = after(given(generated(true)), saveExternal(filled, false));
    expect(saved.isReceived).toBe(false);
    expect(saved.details.jobSite).toBe('12 Main St');
    const received = after(saved, saveExternal(filled, true));
    expect(decideTicket(saveExternal(filled, true), received)).toEqual([]);
  });

  it('is the administrators’ and only for SoilFLO loads', () => {
    expect(refusal(() => decideTicket(saveExternal(filled, true, standard), given(generated(true))))).toEqual(
      {
        kind: 'forbidden',
        message: externalLoadMessages.administratorsOnly,
        errors: undefined,
      },
    );
    expect(refusal(() => decideTicket(saveExternal(filled, true), given(generated(false)))).message).toBe(
      externalLoadMessages.notExternal,
    );
  });

  it('leaves the office’s own forms out: the dashboard, the ticket page and a plain save are refused', () => {
    const external = given(generated(true));
    for (const source of ['dashboard', 'ticket'] as const) {
      expect(
        refusal(() => decideTicket({ type: 'ReceiveTicket', source, actor: admin, now }, external)).message,
      ).toBe(externalLoadMessages.useExternalForm);
    }
    const edit: TicketCommand = { type: 'EditTicket', details: filled, receive: false, actor: admin, now };
    expect(refusal(() => decideTicket(edit, external)).kind).toBe('conflict');
    // The scale takes the truck that is on it.
    const bulk: TicketCommand = { type: 'ReceiveTicket', source: 'bulk', actor: admin, now };
    expect(decideTicket(bulk, external)).toHaveLength(1);
  });
});

describe('a SoilFLO load received on the scale or in bulk', () => {
  const weighIn: TicketCommand = {
    type: 'WeighTicket',
    materialId: 4,
    scaleWeight: 32_000,
    tare: { basis: 'stored', tareWeight: 14_500 },
    source: { scaleId: 3, manual: false, stable: true, rawFrame: '02', readingAt: now },
    actor: admin,
    now,
  };
  const bulk: TicketCommand = { type: 'ReceiveTicket', source: 'bulk', actor: admin, now };

  it('a weigh-in reports its receipt with the net it weighed, to the load found by number when none is known', () => {
    const [, receipt] = decideTicket(weighIn, given(generated(true)));
    expect(receipt).toMatchObject({
      type: 'TicketReceived',
      data: { source: 'scale', soilFLOLoadByTicketNumber: true, netWeight: 17_500 },
    });
    expect(receipt?.data).not.toHaveProperty('soilFLOLoadId');
    expect(after(given(generated(true)), weighIn).details.updateSoilFLO).toBe(true);
  });

  it('reports to the load the SoilFLO form filled the ticket from, even with its receive toggle untouched', () => {
    const saved = after(given(generated(true)), saveExternal({ ...filled, updateSoilFLO: false }, false));
    const [, receipt] = decideTicket(weighIn, saved);
    expect(receipt?.data).toMatchObject({ soilFLOLoadId: 7, netWeight: 17_500 });
    expect(decideTicket(bulk, saved)[0]?.data).toMatchObject({ soilFLOLoadId: 7, netWeight: null });
  });

  it('in bulk: received as from the dashboard (time loaded cleared) and reported by number', () => {
    const [receipt] = decideTicket(
      bulk,
      after(given(generated(true)), saveExternal({ ...filled, soilFLOTicketId: null }, false)),
    );
    expect(receipt?.data).toMatchObject({
      source: 'bulk',
      timeLoaded: null,
      soilFLOLoadByTicketNumber: true,
    });
  });

  it('a load that is not SoilFLO’s is reported to nobody', () => {
    const [, receipt] = decideTicket(weighIn, given(generated(false)));
    expect(receipt?.data).not.toHaveProperty('soilFLOLoadByTicketNumber');
    expect(receipt?.data).not.toHaveProperty('netWeight');
  });
});

describe('Override?', () => {
  const override = (reason: string): TicketCommand => ({
    type: 'OverrideExternalLoad',
    reason,
    actor: admin,
    now,
  });

  it('receives the ticket as a non-SoilFLO ticket, recorded as an override with its reason', () => {
    const events = decideTicket(override('  Driver had a paper BoL only '), given(generated(true)));
    expect(events.map((event) => event.type)).toEqual(['TicketExternalLoadOverridden', 'TicketReceived']);
    expect(events[0]?.data).toEqual({ ticketId: 12, reason: 'Driver had a paper BoL only' });
    expect(events[1]?.data).not.toHaveProperty('soilFLOLoadId');
    expect(events[1]?.data).not.toHaveProperty('soilFLOLoadByTicketNumber');
    const overridden = after(given(generated(true)), override('No load in SoilFLO'));
    expect(overridden).toMatchObject({ isSoilFLOLoad: false, isReceived: true, receivedByUserId: 1 });
  });

  it('keeps an empty time loaded empty rather than inventing one', () => {
    const [, receipt] = decideTicket(override('No load in SoilFLO'), given(generated(true)));
    expect(receipt?.data).toMatchObject({ timeLoaded: null, timeReceived: now });
    expect(after(given(generated(true)), override('No load in SoilFLO')).details.timeLoaded).toBeNull();
  });

  it('is refused without a reason, with a message saying one is needed', () => {
    for (const reason of ['', '   ']) {
      expect(refusal(() => decideTicket(override(reason), given(generated(true))))).toEqual({
        kind: 'validation',
        message: ticketMessages.overrideReasonRequired,
        errors: { overrideReason: ticketMessages.overrideReasonRequired },
      });
    }
  });

  it('is refused on a received ticket and on a ticket that is not SoilFLO’s', () => {
    const command = override('No load in SoilFLO');
    const received = after(given(generated(true)), saveExternal(filled, true));
    expect(refusal(() => decideTicket(command, received)).message).toBe(ticketMessages.alreadyReceived);
    expect(refusal(() => decideTicket(command, given(generated(false)))).message).toBe(
      externalLoadMessages.notExternal,
    );
  });
});
