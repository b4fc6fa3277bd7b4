import type { Ticket } from '@portal/contract';
import { displayTicketNumber, emptyTicketDetails, truckTypeNames } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/messages';
import {
  hasFullFormValues,
  mayEdit,
  mayReject,
  ticketSaveEnvelope,
  ticketVariant,
  toFullTicketPayload,
  toShortTicketPayload,
  truckTypeChoices,
} from './ticket';

/** A ticket just generated: the empty form's details, no names beside the ids, nobody has saved it. */
const generated: Ticket = {
  ...emptyTicketDetails,
  id: 41,
  prefix: 0,
  ticketNumber: 123,
  date: '2026-03-02T10:00:00.000Z',
  loadTimeLoaded: null,
  isReceived: false,
  isComplete: false,
  isDispatched: false,
  isRejected: false,
  rejectReason: null,
  isSoilFLOLoad: false,
  contractorCompanyName: null,
  transportCompanyName: null,
  givenTransportCompanyName: null,
  truckTypeName: null,
  contractorOfficeContactName: null,
  contractorOfficeContactNumber: null,
  contractorOfficeContactEmail: null,
  projectProjectId: null,
  materialTypeName: null,
  materialName: null,
  firstWeight: null,
  weighing: null,
  userId: null,
  userFirstName: null,
  userLastName: null,
  version: 1,
};

const admin = { isAdministrator: true };
const standard = { isAdministrator: false };

describe('the ticket page model', () => {
  it('shows the number as [prefix] and six digits', () => {
    expect(displayTicketNumber({ prefix: 4, ticketNumber: 123 })).toBe('[4] 000123');
    expect(displayTicketNumber({ prefix: 0, ticketNumber: 999999 })).toBe('[0] 999999');
  });

  it('picks the short form until a full-form value is filled in, and the external variant for SoilFLO loads', () => {
    expect(hasFullFormValues(generated)).toBe(false);
    expect(ticketVariant({ ...generated, truckLicensePlate: 'AB12345', truckDriverName: 'Sam' })).toBe(
      'short',
    );
    expect(ticketVariant({ ...generated, contractorCompanyId: 3 })).toBe('full');
    expect(ticketVariant({ ...generated, timeLoaded: '2026-03-02T11:00:00.000Z' })).toBe('full');
    expect(ticketVariant({ ...generated, isSoilFLOLoad: true, contractorCompanyId: 3 })).toBe('external');
  });

  it('lets standard users change only unreceived tickets, and only administrators reject', () => {
    const received = { ...generated, isReceived: true };
    expect(mayEdit(generated, standard)).toBe(true);
    expect(mayEdit(received, standard)).toBe(false);
    expect(mayEdit(received, admin)).toBe(true);
    expect(mayReject(generated, standard)).toBe(false);
    expect(mayReject(generated, admin)).toBe(true);
    expect(mayReject(received, admin)).toBe(false);
  });

  it('sends the full form trimmed, with cleared dropdowns as null and the plate upper-cased', () => {
    const payload = toFullTicketPayload({
      jobSite: '  1 Main Road ',
      contractorCompanyId: 3,
      contractorOfficeContactId: '',
      truckLicensePlate: 'ab12345x',
      weight: '12.5',
      notes: '',
      timeLoaded: new Date('2026-03-02T11:00:00.000Z'),
    });
    expect(payload).toMatchObject({
      jobSite: '1 Main Road',
      contractorCompanyId: 3,
      contractorOfficeContactId: null,
      truckLicensePlate: 'AB12345',
      weight: 12.5,
      notes: null,
      timeLoaded: '2026-03-02T11:00:00.000Z',
    });
  });

  it('keeps the loaded haulage company while its name stays, and lets the server find or create another', () => {
    const loaded = { ...generated, transportCompanyId: 9, transportCompanyName: 'Acme Haulage' };
    expect(toShortTicketPayload({ transportCompanyName: 'acme haulage' }, loaded)).toMatchObject({
      transportCompanyId: 9,
      transportCompanyName: 'acme haulage',
    });
    expect(toShortTicketPayload({ transportCompanyName: 'New Co' }, loaded)).toMatchObject({
      transportCompanyId: null,
      transportCompanyName: 'New Co',
    });
  });

  it('wraps a save in the contract envelope with the version the form was loaded with', () => {
    const envelope = ticketSaveEnvelope(
      { id: 41, version: 7 },
      { jobSite: 'X' },
      {
        receive: true,
        createTransportIfDoesNotExist: false,
        loggedInUserId: 2,
      },
    );
    expect(envelope).toMatchObject({
      ticket: { jobSite: 'X', id: 41, version: 7, isReceived: true },
      loggedInUserId: 2,
      createTransportIfDoesNotExist: false,
    });
  });
});

describe('the truck type select', () => {
  it("offers the domain's truck types, each named as the read model names it", () => {
    const wordOf = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
    expect(truckTypeChoices.map((choice) => [choice.id, wordOf(choice.name)])).toEqual(
      Object.entries(truckTypeNames).map(([id, typeName]) => [Number(id), typeName]),
    );
  });
});
