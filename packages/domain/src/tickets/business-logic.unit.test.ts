import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../test/decider-specification';
import { invalidField, refusal } from '../../test/refusal';
import type { WeighingSource } from '../scales/weighing-source';
import { decideTicket } from './business-logic';
import {
  type ActiveTicket,
  evolveTicket,
  initialTicketState,
  type TicketState,
  ticketStreamId,
} from './ticket';
import { type TareBasis, type TicketActor, type TicketCommand, ticketMessages } from './ticket-commands';
import { dispatchFields, emptyTicketDetails, type TicketDetails } from './ticket-details';
import type { TicketEvent } from './ticket-events';
import { displayTicketNumber } from './ticket-numbers';
import { isTicketComplete, mayReceive } from './ticket-rules';
import { lastScaleWeight, netWeight } from './ticket-weights';

const admin: TicketActor = { userId: 1, isAdministrator: true };
const standard: TicketActor = { userId: 2, isAdministrator: false };

const date = '2026-03-10T05:00:00.000Z';
const loadedAt = '2026-03-10T14:00:00.000Z';
const now = '2026-03-10T15:00:00.000Z';
const earlier = '2026-03-10T13:00:00.000Z';
const later = '2026-03-10T16:00:00.000Z';

const generatedData = {
  ticketId: 12,
  prefix: 0,
  ticketNumber: 42,
  isSoilFLOLoad: false,
  hashNonce: 'n1',
  date,
};
const generated: TicketEvent = { type: 'TicketGenerated', data: generatedData };
const soilFLOGenerated: TicketEvent = {
  type: 'TicketGenerated',
  data: { ...generatedData, isSoilFLOLoad: true },
};

/** A ticket loaded at the site and dispatched with a truck: complete, not received. */
const loadedDetails: TicketDetails = {
  ...emptyTicketDetails,
  date,
  timeLoaded: loadedAt,
  jobSite: '12 Main St',
  contractorCompanyId: 3,
  transportCompanyId: 5,
  truckId: 8,
  truckTypeId: 1,
  truckNumber: 'T-12',
  truckLicensePlate: 'AB12345',
  truckDriverName: 'Dan Driver',
  truckDriverNumber: '(905)555-0142',
  siteContactName: 'Sam Site',
  siteContactNumber: '(416)555-1234',
  materialTypeId: 2,
};
const loaded: TicketEvent = { type: 'TicketEdited', data: { ticketId: 12, details: loadedDetails } };
/** TicketReceived from `source`: received now by the standard user, loaded at `loadedAt`, unless `data` says otherwise. */
const received = (
  source: 'dashboard' | 'ticket' | 'scale' | 'bulk' = 'ticket',
  data: { timeReceived?: string; timeLoaded?: string | null; receivedByUserId?: number } = {},
): TicketEvent => ({
  type: 'TicketReceived',
  data: { ticketId: 12, timeReceived: now, timeLoaded: loadedAt, receivedByUserId: 2, source, ...data },
});
const dispatched: TicketEvent = { type: 'TicketDispatchToggled', data: { ticketId: 12, isDispatched: true } };
const deleted: TicketEvent = { type: 'TicketDeleted', data: { ticketId: 12 } };

const ticket = deciderSpecification({
  decide: decideTicket,
  evolve: evolveTicket,
  initialState: initialTicketState,
});
const given = (...events: TicketEvent[]): TicketState => events.reduce(evolveTicket, initialTicketState);
const active = (state: TicketState): ActiveTicket => {
  if (state.status !== 'active') throw new Error(`expected an active ticket, got ${state.status}`);
  return state;
};
/** given → when → the state the recorded events lead to. */
const after = (state: TicketState, command: TicketCommand): ActiveTicket =>
  active(decideTicket(command, state).reduce(evolveTicket, state));
const edit = (details: TicketDetails, actor = standard, receive = false): TicketCommand => ({
  type: 'EditTicket',
  details,
  receive,
  actor,
  now,
});
const receive = (
  source: 'dashboard' | 'ticket' | 'scale' | 'bulk',
  options: { actor?: TicketActor; timeReceived?: string | null; details?: TicketDetails } = {},
): TicketCommand => ({ type: 'ReceiveTicket', source, actor: options.actor ?? standard, now, ...options });
const fromScale: WeighingSource = {
  scaleId: 3,
  manual: false,
  stable: true,
  rawFrame: '02343020303433323130303135303030300d',
  readingAt: now,
};
/** Weighed in at 40,000 on a 15,000 tare, from `source`. */
const weighedIn = (source: WeighingSource | null): TicketEvent => ({
  type: 'TicketWeighed',
  data: { ticketId: 12, materialId: 4, scaleWeight: 40000, tareWeight: 15000, weight: 25000, source },
});
const weighOn = (scaleWeight: number, tare: TareBasis, actor = standard): TicketCommand => ({
  type: 'WeighTicket',
  materialId: 4,
  scaleWeight,
  tare,
  source: fromScale,
  actor,
  now,
});
/** A weigh-in on the truck's stored tare. */
const weigh = (scaleWeight: number, tareWeight: number, actor = standard): TicketCommand =>
  weighOn(scaleWeight, { basis: 'stored', tareWeight }, actor);

describe('ticket decider: generate', () => {
  it('generates a ticket on a new stream', () => {
    const command: TicketCommand = { type: 'GenerateTicket', data: { ...generatedData } };
    ticket.given().when(command).thenEmits([generated]);
    // Nothing has happened to a new ticket yet: no receipt, dispatch, rejection, weighing or load.
    expect(active(given(generated))).toEqual({
      status: 'active',
      ticketId: 12,
      prefix: 0,
      ticketNumber: 42,
      isSoilFLOLoad: false,
      hashNonce: 'n1',
      details: { ...emptyTicketDetails, date },
      isReceived: false,
      isDispatched: false,
      isRejected: false,
      receivedWithoutLoad: false,
      receivedByUserId: null,
      rejectReason: null,
      firstWeight: null,
      weighing: null,
      lastTimeLoaded: null,
      givenTransportCompanyName: null,
    });
    expect(ticketStreamId(12)).toBe('ticket-12');
  });

  it('refuses to generate over an existing (or deleted) stream', () => {
    const command: TicketCommand = { type: 'GenerateTicket', data: { ...generatedData } };
    const conflict = { kind: 'conflict', message: 'This ticket already exists.', errors: undefined };
    ticket.given(generated).when(command).thenRefuses(conflict);
    ticket.given(generated, deleted).when(command).thenRefuses(conflict);
  });
});

describe('ticket decider: edit', () => {
  it('records TicketEdited with the new details', () => {
    ticket.given(generated).when(edit(loadedDetails)).thenEmits([loaded]);
    expect(active(given(generated, loaded)).details).toEqual(loadedDetails);
  });

  it('records nothing when the details are unchanged', () => {
    ticket
      .given(generated, loaded)
      .when(edit({ ...loadedDetails }))
      .thenEmits([]);
    ticket
      .given(generated)
      .when(edit({ ...emptyTicketDetails, date }))
      .thenEmits([]);
  });

  it('counts a change from a value to null as a change', () => {
    const details = { ...loadedDetails, truckDriverNumber: null };
    ticket
      .given(generated, loaded)
      .when(edit(details))
      .thenEmits([{ type: 'TicketEdited', data: { ticketId: 12, details } }]);
  });

  it('records nothing for the same details with their keys in another order (as read back from jsonb)', () => {
    const reordered = Object.fromEntries(Object.entries(loadedDetails).reverse()) as unknown as TicketDetails;
    const rehydrated: TicketEvent = { type: 'TicketEdited', data: { ticketId: 12, details: reordered } };
    ticket
      .given(generated, rehydrated)
      .when(edit({ ...loadedDetails }))
      .thenEmits([]);
  });

  it('a standard user cannot edit a received ticket', () => {
    const state = given(generated, loaded, received());
    const forbidden = {
      kind: 'forbidden',
      message: 'Standard users cannot edit received tickets.',
      errors: undefined,
    };
    ticket
      .givenState(state)
      .when(edit({ ...loadedDetails, notes: 'late' }))
      .thenRefuses(forbidden);
    ticket
      .givenState(state)
      .when(edit(active(state).details))
      .thenRefuses(forbidden);
  });

  it('an administrator can edit a received ticket, which stays received', () => {
    const state = given(generated, loaded, received());
    const details = { ...active(state).details, notes: 'Checked by the office' };
    ticket
      .givenState(state)
      .when(edit(details, admin))
      .thenEmits([{ type: 'TicketEdited', data: { ticketId: 12, details } }]);
    expect(after(state, edit(details, admin))).toMatchObject({ isReceived: true, details });
  });

  it('an administrator saving a received ticket with receive on does not receive it again', () => {
    const state = given(generated, loaded, received());
    const details = { ...active(state).details, notes: 'Again' };
    ticket
      .givenState(state)
      .when(edit(details, admin, true))
      .thenEmits([{ type: 'TicketEdited', data: { ticketId: 12, details } }]);
  });

  it('an edit clears a rejection', () => {
    const rejected: TicketEvent = { type: 'TicketRejected', data: { ticketId: 12, reason: 'Wrong site' } };
    expect(after(given(generated, loaded, rejected), edit(loadedDetails))).toMatchObject({
      isRejected: false,
      rejectReason: null,
      details: loadedDetails,
    });
  });
});

describe('ticket decider: receiving through edit (receive: true, the ticket page)', () => {
  it('records TicketEdited then TicketReceived from the ticket page, time loaded set to now when empty', () => {
    const details = { ...loadedDetails, timeLoaded: null };
    ticket
      .given(generated)
      .when(edit(details, standard, true))
      .thenEmits([
        { type: 'TicketEdited', data: { ticketId: 12, details } },
        received('ticket', { timeLoaded: now }),
      ]);
    expect(after(given(generated), edit(details, standard, true))).toMatchObject({
      isReceived: true,
      receivedByUserId: 2,
      details: { ...details, timeLoaded: now, timeReceived: now },
    });
  });

  it('keeps the time loaded and the form time received', () => {
    const details = { ...loadedDetails, timeReceived: later };
    ticket
      .given(generated)
      .when(edit(details, standard, true))
      .thenEmits([
        { type: 'TicketEdited', data: { ticketId: 12, details } },
        received('ticket', { timeReceived: later }),
      ]);
  });

  it('records only TicketReceived when the details are unchanged', () => {
    ticket
      .given(generated, loaded)
      .when(edit(loadedDetails, standard, true))
      .thenEmits([received('ticket')]);
  });

  it('refuses a time received earlier than the time loaded', () => {
    const details = { ...loadedDetails, timeReceived: earlier };
    const message = 'Time received cannot be earlier than time loaded';
    ticket
      .given(generated)
      .when(edit(details, standard, true))
      .thenRefuses(invalidField('timeReceived', message));
  });
});

describe('ticket decider: receive from the dashboard', () => {
  it('clears the time loaded, records the actor and receives now', () => {
    const state = given(generated, loaded, dispatched);
    ticket
      .givenState(state)
      .when(receive('dashboard'))
      .thenEmits([received('dashboard', { timeLoaded: null })]);
    expect(after(state, receive('dashboard'))).toMatchObject({
      isReceived: true,
      isDispatched: false,
      receivedByUserId: 2,
      details: { ...loadedDetails, timeLoaded: null, timeReceived: now },
    });
  });

  it('marks a receipt of a ticket never loaded as without a load; a loaded one, a reset or a later time loaded does not (issue 34, D23)', () => {
    const blank = given(generated);
    const receivedBlank = after(blank, receive('dashboard'));
    expect(receivedBlank).toMatchObject({ isReceived: true, receivedWithoutLoad: true });
    expect(after(given(generated, loaded, dispatched), receive('dashboard'))).toMatchObject({
      receivedWithoutLoad: false,
    });
    // From the ticket page a receipt sets the time loaded to now: a load.
    expect(after(blank, receive('ticket'))).toMatchObject({ receivedWithoutLoad: false });
    const edited: TicketEvent = {
      type: 'TicketEdited',
      data: { ticketId: 12, details: { ...emptyTicketDetails, date, timeReceived: now, timeLoaded: now } },
    };
    expect(evolveTicket(receivedBlank, edited)).toMatchObject({ receivedWithoutLoad: false });
    expect(evolveTicket(receivedBlank, { type: 'TicketReceiptReset', data: { ticketId: 12 } })).toMatchObject(
      {
        receivedWithoutLoad: false,
      },
    );
  });

  it('saves what the Receive dialog filled in with the receipt, in one decision', () => {
    const details = { ...emptyTicketDetails, date, jobSite: '12 Main St', truckLicensePlate: 'AB12345' };
    ticket
      .given(generated)
      .when(receive('dashboard', { details }))
      .thenEmits([
        { type: 'TicketEdited', data: { ticketId: 12, details } },
        received('dashboard', { timeLoaded: null }),
      ]);
    ticket
      .given(generated, loaded)
      .when(receive('dashboard', { details: { ...loadedDetails } }))
      .thenEmits([received('dashboard', { timeLoaded: null })]);
  });

  it('accepts a requested time received after now', () => {
    ticket
      .given(generated, loaded)
      .when(receive('dashboard', { timeReceived: later }))
      .thenEmitsMatching([{ type: 'TicketReceived', data: { timeReceived: later, timeLoaded: null } }]);
  });

  it('refuses a time received earlier than now, as there is no time loaded', () => {
    const message = 'Time received cannot be earlier than now when there is no time loaded';
    ticket
      .given(generated, loaded)
      .when(receive('dashboard', { timeReceived: earlier }))
      .thenRefuses(invalidField('timeReceived', message));
  });

  it('receives now even when an earlier save stored a time received', () => {
    const saved: TicketEvent = {
      type: 'TicketEdited',
      data: { ticketId: 12, details: { ...loadedDetails, timeReceived: earlier } },
    };
    ticket
      .given(generated, saved)
      .when(receive('dashboard'))
      .thenEmitsMatching([{ type: 'TicketReceived', data: { timeReceived: now, timeLoaded: null } }]);
  });
});

describe('ticket decider: receive from the ticket page', () => {
  it('keeps the time loaded and receives now', () => {
    ticket
      .given(generated, loaded)
      .when(receive('ticket'))
      .thenEmits([received('ticket')]);
    expect(after(given(generated, loaded), receive('ticket'))).toMatchObject({
      isReceived: true,
      receivedByUserId: 2,
      details: { ...loadedDetails, timeReceived: now },
    });
  });

  it('sets the time loaded to now when empty', () => {
    ticket
      .given(generated)
      .when(receive('ticket', { actor: admin }))
      .thenEmits([received('ticket', { timeLoaded: now, receivedByUserId: 1 })]);
  });

  it('accepts a time received equal to the time loaded', () => {
    ticket
      .given(generated, loaded)
      .when(receive('ticket', { timeReceived: loadedAt }))
      .thenEmitsMatching([{ data: { timeReceived: loadedAt, timeLoaded: loadedAt } }]);
  });

  it('refuses a time received earlier than the time loaded', () => {
    const message = 'Time received cannot be earlier than time loaded';
    ticket
      .given(generated, loaded)
      .when(receive('ticket', { timeReceived: earlier }))
      .thenRefuses(invalidField('timeReceived', message));
  });

  it.each(['dashboard', 'ticket', 'scale', 'bulk'] as const)(
    'refuses to receive a received ticket again (%s)',
    (source) => {
      ticket
        .given(generated, loaded, received())
        .when(receive(source, { actor: admin }))
        .thenRefuses({
          kind: 'conflict',
          message: 'This ticket has already been received.',
          errors: undefined,
        });
    },
  );
});

describe('ticket decider: reset', () => {
  const reset = (actor: TicketActor): TicketCommand => ({ type: 'ResetReceipt', actor });

  it('resets a received ticket: not received, time received cleared, updateSoilFLO off', () => {
    const soilFLOReceived: TicketEvent = {
      type: 'TicketEdited',
      data: { ticketId: 12, details: { ...loadedDetails, updateSoilFLO: true } },
    };
    const state = given(generated, soilFLOReceived, received());
    ticket
      .givenState(state)
      .when(reset(admin))
      .thenEmits([{ type: 'TicketReceiptReset', data: { ticketId: 12 } }]);
    expect(after(state, reset(admin))).toMatchObject({
      isReceived: false,
      details: { ...loadedDetails, timeReceived: null, updateSoilFLO: false },
    });
  });

  it('a reset ticket can be received again', () => {
    const resetEvent: TicketEvent = { type: 'TicketReceiptReset', data: { ticketId: 12 } };
    ticket
      .given(generated, loaded, received(), resetEvent)
      .when(receive('ticket'))
      .thenEmits([received('ticket')]);
  });

  it('refuses to reset a ticket that has not been received', () => {
    ticket.given(generated, loaded).when(reset(admin)).thenRefuses({
      kind: 'conflict',
      message: 'This ticket has not been received.',
      errors: undefined,
    });
  });

  it('a standard user cannot reset a received ticket', () => {
    ticket.given(generated, loaded, received()).when(reset(standard)).thenRefuses({
      kind: 'forbidden',
      message: 'Standard users cannot edit received tickets.',
      errors: undefined,
    });
  });
});

describe('ticket decider: reject', () => {
  const reject = (reason: string, actor = standard): TicketCommand => ({
    type: 'RejectTicket',
    reason,
    actor,
  });

  it('rejects with the reason, trimmed', () => {
    ticket
      .given(generated, loaded)
      .when(reject('  Wrong material  '))
      .thenEmits([{ type: 'TicketRejected', data: { ticketId: 12, reason: 'Wrong material' } }]);
  });

  it.each(['', '   ', '\n\t'])('requires a reason (%j)', (reason) => {
    const message = 'A reason is required to reject a ticket.';
    ticket.given(generated, loaded).when(reject(reason)).thenRefuses(invalidField('reason', message));
  });

  it('refuses to reject a received ticket', () => {
    ticket
      .given(generated, loaded, received())
      .when(reject('Wrong material', admin))
      .thenRefuses({ kind: 'conflict', message: ticketMessages.rejectReceived, errors: undefined });
  });

  it('clears a time received typed on the unreceived ticket, as an edit the log shows (issue 15, item 4)', () => {
    const typed: TicketEvent = {
      type: 'TicketEdited',
      data: { ticketId: 12, details: { ...loadedDetails, timeReceived: later } },
    };
    const events = decideTicket(reject('Wrong material'), given(generated, loaded, typed));
    expect(events.map((event) => event.type)).toEqual(['TicketEdited', 'TicketRejected']);
    const state = after(given(generated, loaded, typed), reject('Wrong material'));
    expect(state.details.timeReceived).toBeNull();
    expect(state.isRejected).toBe(true);
  });

  it('clears the dispatch information and keeps the rest', () => {
    const state = after(given(generated, loaded, dispatched), reject('Wrong material'));
    expect(state).toMatchObject({ isRejected: true, rejectReason: 'Wrong material', isDispatched: false });
    expect(state.details).toEqual({
      ...loadedDetails,
      timeLoaded: null,
      transportCompanyId: null,
      truckId: null,
      truckNumber: null,
      truckLicensePlate: null,
      truckDriverName: null,
      truckDriverNumber: null,
    });
    // dispatchFields names exactly what a rejection cleared.
    const cleared = Object.entries(state.details).filter(
      ([field, value]) => value !== loadedDetails[field as keyof TicketDetails],
    );
    expect(cleared.map(([field]) => field).sort()).toEqual([...dispatchFields].sort());
  });
});

describe('ticket decider: a rejected load (issue 34, D19)', () => {
  const rejectedLoad: TicketEvent = {
    type: 'TicketRejected',
    data: { ticketId: 12, reason: 'Wrong material' },
  };
  const refused = { kind: 'conflict', message: ticketMessages.rejected, errors: undefined };

  it.each(['dashboard', 'ticket', 'scale', 'bulk'] as const)('is not received from %s', (source) => {
    ticket.given(generated, loaded, rejectedLoad).when(receive(source)).thenRefuses(refused);
  });

  it('is not weighed in, nor received by a save that changes nothing', () => {
    const state = given(generated, loaded, rejectedLoad);
    ticket
      .givenState(state)
      .when(weigh(40000, 15000, admin))
      .thenRefuses(refused);
    ticket
      .givenState(state)
      .when(edit(active(state).details, admin, true))
      .thenRefuses(refused);
  });

  it('is received by a save that gives it its new load, which takes the rejection back', () => {
    const state = given(generated, loaded, rejectedLoad);
    const newLoad = { ...active(state).details, timeLoaded: loadedAt, notes: 'second load' };
    expect(decideTicket(edit(newLoad, standard, true), state).map((event) => event.type)).toEqual([
      'TicketEdited',
      'TicketReceived',
    ]);
    expect(after(state, edit(newLoad, standard, true))).toMatchObject({
      isRejected: false,
      isReceived: true,
    });
  });

  it("is what mayReceive, the screens' rule, refuses", () => {
    expect(mayReceive(active(given(generated, loaded, rejectedLoad)))).toBe(false);
    expect(mayReceive(active(given(generated, loaded)))).toBe(true);
    expect(mayReceive(active(given(generated, loaded, received())))).toBe(false);
  });
});

describe('ticket decider: dispatch lock', () => {
  // The site's day at a fixed offset of UTC−5, so the site day and the UTC day differ around midnight.
  const siteDateOf = (instant: string): string =>
    new Date(Date.parse(instant) - 5 * 3_600_000).toISOString().slice(0, 10);
  const toggle = (today = '2026-03-10', actor = standard): TicketCommand => ({
    type: 'ToggleDispatch',
    actor,
    today,
    siteDateOf,
  });
  const loadedAtTime = (timeLoaded: string | null): TicketEvent => ({
    type: 'TicketEdited',
    data: { ticketId: 12, details: { ...loadedDetails, timeLoaded } },
  });

  it('toggles the lock on, then off, for a ticket loaded today', () => {
    const on: TicketEvent = { type: 'TicketDispatchToggled', data: { ticketId: 12, isDispatched: true } };
    const off: TicketEvent = { type: 'TicketDispatchToggled', data: { ticketId: 12, isDispatched: false } };
    ticket.given(generated, loaded).when(toggle()).thenEmits([on]);
    expect(active(given(generated, loaded, on)).isDispatched).toBe(true);
    ticket.given(generated, loaded, on).when(toggle()).thenEmits([off]);
    expect(active(given(generated, loaded, on, off)).isDispatched).toBe(false);
  });

  it("uses the site's day, not the UTC day", () => {
    // 02:00 UTC on the 11th is still the 10th at the site.
    ticket
      .given(generated, loadedAtTime('2026-03-11T02:00:00.000Z'))
      .when(toggle('2026-03-10'))
      .thenEmits([dispatched]);
  });

  const message =
    'The dispatch lock is only available for tickets loaded today, not received and not from SoilFLO.';
  it.each([
    ['not loaded', [generated]],
    ['loaded yesterday', [generated, loadedAtTime('2026-03-09T15:00:00.000Z')]],
    [
      "loaded on today's UTC day but yesterday at the site",
      [generated, loadedAtTime('2026-03-10T03:00:00.000Z')],
    ],
    ['received', [generated, loaded, received()]],
    ['a SoilFLO load', [soilFLOGenerated, loaded]],
  ] as const)('refuses a ticket %s', (_case, events) => {
    ticket
      .given(...events)
      .when(toggle('2026-03-10', admin))
      .thenRefuses({
        kind: 'conflict',
        message,
        errors: undefined,
      });
  });
});

describe('ticket decider: weigh', () => {
  it('weighing in records the net weight to 2 decimals and receives the ticket from the scale', () => {
    const state = given(generated, loaded);
    ticket
      .givenState(state)
      .when(weigh(43210.555, 15000))
      .thenEmits([
        {
          type: 'TicketWeighed',
          data: {
            ticketId: 12,
            materialId: 4,
            scaleWeight: 43210.555,
            tareWeight: 15000,
            weight: 28210.56,
            source: fromScale,
          },
        },
        received('scale'),
      ]);
    expect(after(state, weigh(43210.555, 15000))).toMatchObject({
      isReceived: true,
      receivedByUserId: 2,
      details: { materialId: 4, weight: 28210.56, timeReceived: now, timeLoaded: loadedAt },
    });
  });

  it('sets the time loaded to now when empty', () => {
    expect(decideTicket(weigh(20000, 15000), given(generated))[1]).toMatchObject({
      type: 'TicketReceived',
      data: { timeLoaded: now, timeReceived: now, source: 'scale' },
    });
  });

  it('weighing a received ticket again only records TicketWeighed', () => {
    // Weighed before weighings had a source (TicketWeighed version 1, as read today).
    const state = given(generated, loaded, received(), weighedIn(null));
    ticket
      .givenState(state)
      .when(weigh(41000, 15000, admin))
      .thenEmits([
        {
          type: 'TicketWeighed',
          data: {
            ticketId: 12,
            materialId: 4,
            scaleWeight: 41000,
            tareWeight: 15000,
            weight: 26000,
            source: fromScale,
          },
        },
      ]);
    expect(after(state, weigh(41000, 15000, admin)).details.weight).toBe(26000);
  });

  it('a standard user cannot weigh a received ticket again', () => {
    ticket.given(generated, loaded, received()).when(weigh(41000, 15000)).thenRefuses({
      kind: 'forbidden',
      message: 'Standard users cannot edit received tickets.',
      errors: undefined,
    });
  });

  it.each([
    [15000, 'The net weight would be 0 KG: the scale weight must be more than the tare weight.'],
    [14999.99, 'The net weight would be -0.01 KG: the scale weight must be more than the tare weight.'],
  ])('refuses a net weight of 0 or less (scale weight %d, tare 15000)', (scaleWeight, message) => {
    ticket
      .given(generated, loaded)
      .when(weigh(scaleWeight, 15000))
      .thenRefuses(invalidField('weight', message));
  });
});

describe('ticket decider: where the tare comes from, and two-pass weighing', () => {
  const receipt: TicketEvent = received('scale');

  it("records the default tare as chosen, and why: the truck's stored tare was missing or expired", () => {
    const tare: TareBasis = { basis: 'default', tareWeight: 12000, storedTare: 'expired' };
    ticket
      .given(generated, loaded)
      .when(weighOn(40000, tare))
      .thenEmits([
        {
          type: 'TicketWeighedOnDefaultTare',
          data: {
            ticketId: 12,
            materialId: 4,
            scaleWeight: 40000,
            tareWeight: 12000,
            weight: 28000,
            storedTare: 'expired',
            source: fromScale,
          },
        },
        receipt,
      ]);
  });

  it('records a net reading with the tare the indicator held: the gross is their sum', () => {
    const [weighed] = decideTicket(
      weighOn(39000, { basis: 'indicator', tareWeight: 14000 }),
      given(generated, loaded),
    );
    expect(weighed).toEqual({
      type: 'TicketWeighedNet',
      data: {
        ticketId: 12,
        materialId: 4,
        scaleWeight: 39000,
        tareWeight: 14000,
        weight: 25000,
        source: fromScale,
      },
    });
  });

  it.each([
    ['loaded in, empty out', 40000, 15000],
    ['empty in, loaded out', 15000, 40000],
  ])(
    'two-pass (%s): the first weight is held, the second completes gross, tare and net, and receives',
    (_order, first, second) => {
      const held = decideTicket(weighOn(first, { basis: 'second-weighing' }), given(generated, loaded));
      expect(held).toEqual([
        {
          type: 'TicketFirstWeighed',
          data: { ticketId: 12, materialId: 4, firstWeight: first, source: fromScale },
        },
      ]);
      const pending = given(generated, loaded, ...held);
      expect(pending).toMatchObject({ firstWeight: first, isReceived: false, details: { weight: null } });
      // Whatever tare the second weighing names, the ticket's first weight is what it is weighed against.
      const completed = decideTicket(weighOn(second, { basis: 'stored', tareWeight: 1 }), pending);
      expect(completed).toEqual([
        {
          type: 'TicketSecondWeighed',
          data: {
            ticketId: 12,
            materialId: 4,
            firstWeight: first,
            secondWeight: second,
            scaleWeight: 40000,
            tareWeight: 15000,
            weight: 25000,
            source: fromScale,
          },
        },
        receipt,
      ]);
      expect(given(generated, loaded, ...held, ...completed)).toMatchObject({
        firstWeight: null,
        weighing: { grossWeight: 40000, tareWeight: 15000, source: fromScale },
        isReceived: true,
        details: { weight: 25000 },
      });
    },
  );

  it('lets a held first weight go when the truck left without its second weighing; a ticket holding none is refused', () => {
    const held: TicketEvent = {
      type: 'TicketFirstWeighed',
      data: { ticketId: 12, materialId: 4, firstWeight: 40000, source: fromScale },
    };
    const discard: TicketCommand = { type: 'DiscardFirstWeight', actor: standard };
    const discarded = decideTicket(discard, given(generated, loaded, held));
    expect(discarded).toEqual([
      { type: 'TicketFirstWeightDiscarded', data: { ticketId: 12, firstWeight: 40000 } },
    ]);
    expect(given(generated, loaded, held, ...discarded)).toMatchObject({
      firstWeight: null,
      weighing: null,
      isReceived: false,
    });
    ticket.given(generated, loaded).when(discard).thenRefuses({
      kind: 'conflict',
      message: ticketMessages.noFirstWeight,
      errors: undefined,
    });
  });

  it('refuses a second weighing no lighter or heavier than the first: there is no load', () => {
    const pending = given(generated, loaded, {
      type: 'TicketFirstWeighed',
      data: { ticketId: 12, materialId: 4, firstWeight: 15000, source: fromScale },
    });
    ticket
      .givenState(pending)
      .when(weigh(15000, 0))
      .thenRefuses(
        invalidField(
          'weight',
          'The net weight would be 0 KG: the scale weight must be more than the tare weight.',
        ),
      );
  });
});

describe('ticket decider: tare with a ticket', () => {
  const weighed = weighedIn(fromScale);
  const tare = (
    tareWeight: number,
    grossWeight: number | null,
    truckId = 8,
    actor = admin,
  ): TicketCommand => ({
    type: 'TareTicket',
    truckId,
    tareWeight,
    grossWeight,
    source: fromScale,
    actor,
  });

  it("recomputes the ticket's weight from its weigh-in's gross and the new tare", () => {
    const state = given(generated, loaded, weighed);
    expect(lastScaleWeight([generated, loaded, weighed])).toBe(40000);
    const events = decideTicket(tare(14500.255, 40000), state);
    expect(events).toEqual([
      {
        type: 'TicketTared',
        data: {
          ticketId: 12,
          truckId: 8,
          scaleWeight: 40000,
          tareWeight: 14500.255,
          weight: 25499.75,
          source: fromScale,
        },
      },
    ]);
    expect(after(state, tare(14500.255, 40000)).details.weight).toBe(25499.75);
  });

  it('refuses a ticket never weighed in, a ticket of another truck and a net of 0 or less', () => {
    expect(lastScaleWeight([generated, loaded])).toBeNull();
    expect(refusal(() => decideTicket(tare(15000, null), given(generated, loaded))).message).toBe(
      'This ticket has not been weighed in yet, so its weight cannot be updated from a tare.',
    );
    expect(
      refusal(() => decideTicket(tare(15000, 40000, 9), given(generated, loaded, weighed))).message,
    ).toBe('This ticket is for another truck.');
    expect(refusal(() => decideTicket(tare(40000, 40000), given(generated, loaded, weighed))).message).toBe(
      'The net weight would be 0 KG: the scale weight must be more than the tare weight.',
    );
  });
});

describe('ticket decider: restore', () => {
  const restore = (details: TicketDetails, actor = standard): TicketCommand => ({
    type: 'RestoreTicket',
    details,
    logEntryId: 77,
    actor,
  });
  const earlierDetails = { ...loadedDetails, jobSite: '1 Old Rd', notes: 'as first saved' };

  it('restores the details of a log entry', () => {
    const rejected: TicketEvent = { type: 'TicketRejected', data: { ticketId: 12, reason: 'Wrong site' } };
    const state = given(generated, loaded, rejected);
    ticket
      .givenState(state)
      .when(restore(earlierDetails))
      .thenEmits([
        { type: 'TicketRestored', data: { ticketId: 12, details: earlierDetails, logEntryId: 77 } },
      ]);
    expect(after(state, restore(earlierDetails))).toMatchObject({
      details: earlierDetails,
      isRejected: false,
      rejectReason: null,
    });
  });

  it('a standard user cannot restore a received ticket; an administrator can', () => {
    const state = given(generated, loaded, received());
    ticket.givenState(state).when(restore(earlierDetails)).thenRefuses({
      kind: 'forbidden',
      message: 'Standard users cannot edit received tickets.',
      errors: undefined,
    });
    // Restoring data from before the receipt keeps the receipt's own times.
    const { timeLoaded, timeReceived } = (state as ActiveTicket).details;
    ticket
      .givenState(state)
      .when(restore(earlierDetails, admin))
      .thenEmits([
        {
          type: 'TicketRestored',
          data: { ticketId: 12, details: { ...earlierDetails, timeLoaded, timeReceived }, logEntryId: 77 },
        },
      ]);
  });
});

describe('ticket decider: revoke the public link', () => {
  it('records the new nonce, which replaces the old one; nothing else changes', () => {
    const state = given(generated, loaded, received());
    const revoked: TicketEvent = { type: 'TicketLinkRevoked', data: { ticketId: 12, hashNonce: 'n2' } };
    ticket
      .givenState(state)
      .when({ type: 'RevokeTicketLink', hashNonce: 'n2', actor: admin })
      .thenEmits([revoked]);
    expect(given(generated, loaded, received(), revoked)).toEqual({ ...active(state), hashNonce: 'n2' });
  });
});

describe('ticket decider: delete, and a deleted or absent ticket', () => {
  it('deletes a ticket', () => {
    ticket.given(generated, loaded).when({ type: 'DeleteTicket', actor: admin }).thenEmits([deleted]);
    expect(given(generated, loaded, deleted)).toEqual({ status: 'deleted', ticketId: 12 });
  });

  it('events after a deletion leave it deleted', () => {
    expect(given(generated, deleted, loaded, received(), dispatched)).toEqual({
      status: 'deleted',
      ticketId: 12,
    });
  });

  const commands: [string, TicketCommand][] = [
    ['EditTicket', edit(loadedDetails, admin)],
    ['EditTicket with receive', edit(loadedDetails, admin, true)],
    ['ReceiveTicket', receive('dashboard', { actor: admin })],
    ['ResetReceipt', { type: 'ResetReceipt', actor: admin }],
    ['RejectTicket', { type: 'RejectTicket', reason: 'Wrong', actor: admin }],
    ['ToggleDispatch', { type: 'ToggleDispatch', actor: admin, today: '2026-03-10', siteDateOf: (i) => i }],
    ['WeighTicket', weigh(40000, 15000, admin)],
    ['RestoreTicket', { type: 'RestoreTicket', details: loadedDetails, logEntryId: 1, actor: admin }],
    ['RevokeTicketLink', { type: 'RevokeTicketLink', hashNonce: 'n2', actor: admin }],
    ['DeleteTicket', { type: 'DeleteTicket', actor: admin }],
  ];
  const notFound = { kind: 'not_found', message: 'Ticket not found.', errors: undefined };

  it.each(commands)('%s on an absent ticket: Ticket not found.', (_name, command) => {
    ticket.given().when(command).thenRefuses(notFound);
  });

  it.each(commands)('%s on a deleted ticket: Ticket not found.', (_name, command) => {
    ticket.given(generated, loaded, deleted).when(command).thenRefuses(notFound);
  });
});

describe('isTicketComplete', () => {
  it('needs no time loaded once received (the dashboard receipt clears it), but does before', () => {
    expect(isTicketComplete({ ...loadedDetails, timeLoaded: null }, true)).toBe(true);
    expect(isTicketComplete({ ...loadedDetails, timeLoaded: null }, false)).toBe(false);
  });

  it('is true when every field a receipt needs is there, optional ones aside', () => {
    expect(isTicketComplete(loadedDetails)).toBe(true);
    expect(
      isTicketComplete({
        ...loadedDetails,
        truckId: null,
        truckNumber: null,
        notes: null,
        timeReceived: null,
      }),
    ).toBe(true);
  });

  it.each([
    ['date', null],
    ['timeLoaded', null],
    ['jobSite', null],
    ['jobSite', '   '],
    ['siteContactName', null],
    ['truckDriverName', null],
    ['truckDriverName', ''],
    ['truckLicensePlate', null],
    ['contractorCompanyId', null],
    ['contractorCompanyId', 0],
    ['transportCompanyId', null],
    ['transportCompanyId', 0],
    ['truckTypeId', null],
    ['truckTypeId', 0],
  ] as const)('is false without %s (%j)', (field, value) => {
    expect(isTicketComplete({ ...loadedDetails, [field]: value })).toBe(false);
  });

  it('a generated ticket is incomplete', () => {
    expect(isTicketComplete(active(given(generated)).details)).toBe(false);
  });
});

describe('ticket numbers and weights', () => {
  it("displays '[prefix] number', zero-padded to 6 digits", () => {
    expect(displayTicketNumber({ prefix: 0, ticketNumber: 42 })).toBe('[0] 000042');
    expect(displayTicketNumber({ prefix: 3, ticketNumber: 999999 })).toBe('[3] 999999');
    expect(displayTicketNumber({ prefix: 12, ticketNumber: 1 })).toBe('[12] 000001');
  });

  it('net weight = scale − tare, to 2 decimals', () => {
    expect(netWeight(43210.555, 15000)).toBe(28210.56);
    expect(netWeight(40000, 15000)).toBe(25000);
    expect(netWeight(15000.4, 15000)).toBe(0.4);
    expect(netWeight(100.125, 0)).toBe(100.13);
    expect(netWeight(32000.004, 12000)).toBe(20000);
    expect(netWeight(14000, 15000)).toBe(-1000);
  });
});
