import { describe, expect, it } from 'vitest';
import { removedPersonalData, ticketRedactions, withoutPersonalData } from './personal-data';
import { emptyTicketDetails } from './ticket-details';

const details = {
  ...emptyTicketDetails,
  jobSite: '12 Quarry Road',
  truckLicensePlate: 'AB12345',
  truckDriverName: 'Dan Driver',
  truckDriverNumber: null,
  siteContactName: 'Sid Site',
  projectLeader: 'Paula Lead',
  weight: 25_000,
};

describe('withoutPersonalData', () => {
  it('replaces each personal value given, keeps empty ones empty and every other field as it was', () => {
    expect(withoutPersonalData(details)).toEqual({
      ...details,
      truckDriverName: removedPersonalData,
      siteContactName: removedPersonalData,
      projectLeader: removedPersonalData,
    });
  });
});

describe('ticketRedactions', () => {
  const dispatch = {
    timeLoaded: '2019-01-02T09:00:00.000Z',
    transportCompanyId: 3,
    truckNumber: 'T-1',
    truckLicensePlate: 'AB12345',
    truckDriverName: 'Dan Driver',
    truckDriverNumber: '(416)555-0100',
  };
  const events = [
    { version: 1, type: 'TicketGenerated', data: { ticketId: 1, date: '2019-01-02' } },
    { version: 2, type: 'TicketEdited', data: { ticketId: 1, details } },
    { version: 3, type: 'TruckDispatched', data: { ticketId: 1, dispatch, source: 'driver' } },
    {
      version: 4,
      type: 'TicketEdited',
      data: {
        ticketId: 1,
        details: { ...details, truckDriverName: null, siteContactName: null, projectLeader: null },
      },
    },
    { version: 5, type: 'TicketRestored', data: { ticketId: 1, details, logEntryId: 7 } },
  ];

  it('rewrites the events that name a person, and only those', () => {
    expect(ticketRedactions(events)).toEqual([
      { version: 2, data: { ticketId: 1, details: withoutPersonalData(details) } },
      {
        version: 3,
        data: {
          ticketId: 1,
          source: 'driver',
          dispatch: {
            ...dispatch,
            truckDriverName: removedPersonalData,
            truckDriverNumber: removedPersonalData,
          },
        },
      },
      { version: 5, data: { ticketId: 1, details: withoutPersonalData(details), logEntryId: 7 } },
    ]);
  });

  it('finds nothing left in events it rewrote: a second run changes nothing', () => {
    const rewritten = new Map(
      ticketRedactions(events).map((redaction) => [redaction.version, redaction.data]),
    );
    const after = events.map((event) => ({ ...event, data: rewritten.get(event.version) ?? event.data }));
    expect(ticketRedactions(after)).toEqual([]);
  });
});
