import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideTicket } from './business-logic';
import { type ActiveTicket, evolveTicket, initialTicketState, type TicketState } from './ticket';
import type { TicketActor, TicketCommand } from './ticket-commands';
import { emptyTicketDetails, type TicketDetails } from './ticket-details';
import { matchedDispatch, validateTruckDispatch } from './truck-dispatch';
import { validateFullTicket, validateShortTicket } from './validation';

// Issue 32, I8: whatever accepted commands a ticket went through, an administrator can still save it.
// A ticket received from the ticket page with no time loaded got the receipt's own time as its time
// loaded, and then every save of it was refused ('Time received must be after time loaded').

const admin: TicketActor = { userId: 1, isAdministrator: true };
const standard: TicketActor = { userId: 2, isAdministrator: false };
const day = Date.parse('2026-03-10T05:00:00.000Z');
const minutes = (n: number) => new Date(day + n * 60_000).toISOString();

/** A complete load's details, with the times a command chose. */
const detailsAt = (timeLoaded: string | null, timeReceived: string | null): TicketDetails => ({
  ...emptyTicketDetails,
  date: minutes(0),
  timeLoaded,
  timeReceived,
  jobSite: '12 Main St',
  contractorCompanyId: 3,
  transportCompanyId: 5,
  truckTypeId: 1,
  truckLicensePlate: 'AB12345',
  truckDriverName: 'Dan Driver',
  siteContactName: 'Sam Site',
});

const instant = fc.option(fc.integer({ min: 1, max: 600 }).map(minutes), { nil: null });
const actor = fc.constantFrom(admin, standard);
const now = fc.integer({ min: 1, max: 600 }).map(minutes);

/** Commands the office and the scale give a ticket, with times anywhere in its day. */
const command: fc.Arbitrary<TicketCommand> = fc.oneof(
  fc.record({
    type: fc.constant('EditTicket' as const),
    details: fc.tuple(instant, instant).map(([loaded, received]) => detailsAt(loaded, received)),
    receive: fc.boolean(),
    actor,
    now,
  }),
  fc.record({
    type: fc.constant('ReceiveTicket' as const),
    source: fc.constantFrom('dashboard' as const, 'ticket' as const, 'scale' as const, 'bulk' as const),
    actor,
    now,
    timeReceived: instant,
  }),
  fc.record({ type: fc.constant('ResetReceipt' as const), actor: fc.constant(admin) }),
  // The driver's dispatch from the link: a company the office has registered (5) or one it has not (null).
  fc.record({
    type: fc.constant('DispatchTruck' as const),
    dispatch: fc
      .tuple(fc.integer({ min: 1, max: 600 }).map(minutes), fc.constantFrom(5, null))
      .map(([timeLoaded, companyId]) =>
        matchedDispatch(
          {
            timeLoaded,
            transportCompanyName: 'Haul Co',
            truckNumber: null,
            truckLicensePlate: 'CD67890',
            truckDriverName: 'Dora Driver',
            truckDriverNumber: null,
          },
          companyId,
          null,
        ),
      ),
  }),
  fc.record({
    type: fc.constant('RejectTicket' as const),
    reason: fc.constant('Wrong material'),
    actor: fc.constant(admin),
  }),
);

/** Applies each command the decider accepts, as the API would, and skips the ones it refuses. */
function afterAccepted(commands: TicketCommand[]): ActiveTicket {
  const generated: TicketCommand = {
    type: 'GenerateTicket',
    data: {
      ticketId: 12,
      prefix: 0,
      ticketNumber: 42,
      isSoilFLOLoad: false,
      hashNonce: 'n1',
      date: minutes(0),
    },
  };
  let state: TicketState = decideTicket(generated, initialTicketState).reduce(
    evolveTicket,
    initialTicketState,
  );
  for (const next of commands) {
    try {
      // A save reaches the decider through a form's checks: the full form's, or the short form's.
      if (next.type === 'EditTicket') {
        const form = { ...next.details, ticketNumber: '42' };
        try {
          validateFullTicket(form);
        } catch {
          validateShortTicket(form);
        }
      }
      // A dispatch reaches it through the link's checks, over what the ticket holds.
      const checked: TicketCommand =
        next.type === 'DispatchTruck' && state.status === 'active'
          ? {
              ...next,
              dispatch: matchedDispatch(
                validateTruckDispatch(
                  { ...next.dispatch, transportCompanyName: 'Haul Co' },
                  state.details,
                  minutes(600),
                ),
                next.dispatch.transportCompanyId,
                null,
              ),
            }
          : next;
      state = decideTicket(checked, state).reduce(evolveTicket, state);
    } catch {
      // Refused: the ticket stays as it was.
    }
  }
  if (state.status !== 'active') throw new Error(`expected an active ticket, got ${state.status}`);
  return state;
}

/**
 * The administrator's save of the ticket as its form shows it: what the ticket holds kept, a required
 * field it lacks filled in, a missing time after the one it has.
 */
function adminSave(ticket: ActiveTicket): TicketCommand {
  const { timeLoaded, timeReceived } = ticket.details;
  const shifted = (at: string, byMinutes: number) =>
    new Date(Date.parse(at) + byMinutes * 60_000).toISOString();
  const loaded = timeLoaded ?? (timeReceived ? shifted(timeReceived, -1) : minutes(1));
  const received = timeReceived ?? shifted(loaded, 1);
  const completion = detailsAt(loaded, received);
  const held = Object.fromEntries(Object.entries(ticket.details).filter(([, value]) => value !== null));
  const form = {
    ...completion,
    ...held,
    ticketNumber: '42',
    timeLoaded: loaded,
    timeReceived: received,
  };
  return {
    type: 'EditTicket',
    details: validateFullTicket(form),
    receive: false,
    actor: admin,
    now: minutes(700),
  };
}

describe('a ticket stays saveable', () => {
  it('received from the ticket page with no time loaded, it saves (the two times are one instant)', () => {
    const received = afterAccepted([
      { type: 'ReceiveTicket', source: 'ticket', actor: standard, now: minutes(90) },
    ]);
    expect(received.details.timeLoaded).toBe(received.details.timeReceived);
    expect(() => decideTicket(adminSave(received), received)).not.toThrow();
  });

  it('after any sequence of accepted commands, an administrator can save it', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 8 }), (commands) => {
        const ticket = afterAccepted(commands);
        decideTicket(adminSave(ticket), ticket);
      }),
      { numRuns: 500 },
    );
  });
});
