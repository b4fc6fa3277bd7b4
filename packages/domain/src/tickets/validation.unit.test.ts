import { describe, expect, it } from 'vitest';
import { invalidField, refusal } from '../../test/refusal';
import { emptyTicketDetails } from './ticket-details';
import { notesMaxLength, ticketFormMessages, validateFullTicket, validateShortTicket } from './validation';

/** A full ticket form as the client sends it: strings, numbers as strings, blanks as ''. */
const form = {
  ticketNumber: '42',
  date: '2026-03-10T05:00:00.000Z',
  timeLoaded: '2026-03-10T14:00:00.000Z',
  timeReceived: '2026-03-10T15:30:00.000Z',
  jobSite: ' 12 Main St ',
  contractorCompanyId: 3,
  transportCompanyId: 5,
  truckId: 8,
  truckTypeId: 2,
  truckNumber: 'T-12',
  truckLicensePlate: ' ab12345 ',
  truckDriverName: 'Dan Driver',
  truckDriverNumber: '(905)555-0142',
  siteContactName: 'Sam Site',
  siteContactNumber: '',
  contractorOfficeContactId: '',
  transportContactName: null,
  transportContactNumber: null,
  projectId: 0,
  projectLeader: '',
  materialTypeId: 2,
  materialId: null,
  isSaltImpacted: 'true',
  notes: '  Dry load  ',
  weight: '28210.56',
  soilFLOTicketId: null,
  updateSoilFLO: false,
};

describe('full ticket form', () => {
  it('accepts a complete ticket and reads it into details', () => {
    expect(validateFullTicket(form)).toEqual({
      ...emptyTicketDetails,
      date: '2026-03-10T05:00:00.000Z',
      timeLoaded: '2026-03-10T14:00:00.000Z',
      timeReceived: '2026-03-10T15:30:00.000Z',
      jobSite: '12 Main St',
      contractorCompanyId: 3,
      transportCompanyId: 5,
      truckId: 8,
      truckTypeId: 2,
      truckNumber: 'T-12',
      truckLicensePlate: 'AB12345',
      truckDriverName: 'Dan Driver',
      truckDriverNumber: '(905)555-0142',
      siteContactName: 'Sam Site',
      materialTypeId: 2,
      isSaltImpacted: true,
      notes: 'Dry load',
      weight: 28210.56,
    });
  });

  it('normalises the times to ISO instants', () => {
    expect(validateFullTicket({ ...form, timeLoaded: '2026-03-10T09:00:00-05:00' }).timeLoaded).toBe(
      '2026-03-10T14:00:00.000Z',
    );
  });

  it.each([
    [{ ticketNumber: '' }, 'ticketNumber', 'Ticket number is required'],
    [{ ticketNumber: undefined }, 'ticketNumber', 'Ticket number is required'],
    [{ date: '' }, 'date', 'Date is required'],
    [{ jobSite: '' }, 'jobSite', 'Job site is required'],
    [{ jobSite: '   ' }, 'jobSite', 'Job site is required'],
    [{ siteContactName: null }, 'siteContactName', 'Site contact is required'],
    [{ timeLoaded: '' }, 'timeLoaded', 'Time loaded is required'],
    [{ timeReceived: null }, 'timeReceived', 'Time received is required'],
    [{ truckDriverName: ' ' }, 'truckDriverName', 'Driver name is required'],
    [{ truckLicensePlate: '' }, 'truckLicensePlate', 'License plate is required'],
    // Two texts per required dropdown: nothing sent is '… is required', "none" (below 1) 'Please select …'.
    [{ contractorCompanyId: null }, 'contractorCompanyId', 'Contractor is required'],
    [{ contractorCompanyId: '' }, 'contractorCompanyId', 'Contractor is required'],
    [{ contractorCompanyId: undefined }, 'contractorCompanyId', 'Contractor is required'],
    [{ contractorCompanyId: 0 }, 'contractorCompanyId', 'Please select a contractor'],
    [{ contractorCompanyId: -1 }, 'contractorCompanyId', 'Please select a contractor'],
    [{ transportCompanyId: null }, 'transportCompanyId', 'Haulage company is required'],
    [{ transportCompanyId: '' }, 'transportCompanyId', 'Haulage company is required'],
    [{ transportCompanyId: undefined }, 'transportCompanyId', 'Haulage company is required'],
    [{ transportCompanyId: 0 }, 'transportCompanyId', 'Please select a haulage company'],
    [{ transportCompanyId: -1 }, 'transportCompanyId', 'Please select a haulage company'],
    [{ truckTypeId: null }, 'truckTypeId', 'Truck type is required'],
    [{ truckTypeId: '' }, 'truckTypeId', 'Truck type is required'],
    [{ truckTypeId: undefined }, 'truckTypeId', 'Truck type is required'],
    [{ truckTypeId: 0 }, 'truckTypeId', 'Please select a truck type'],
    [{ truckTypeId: -1 }, 'truckTypeId', 'Please select a truck type'],
    [{ truckTypeId: 3 }, 'truckTypeId', 'Truck type must be Triaxle (1) or Trailer (2)'],
    [{ timeReceived: '2026-03-10T13:00:00.000Z' }, 'timeReceived', 'Time received must be after time loaded'],
    [{ notes: 'n'.repeat(501) }, 'notes', 'Notes can be max 500 characters'],
    [{ weight: 'heavy' }, 'weight', 'Weight must be a number'],
    [{ weight: '12kg' }, 'weight', 'Weight must be a number'],
    [{ truckLicensePlate: 'ABC12345' }, 'truckLicensePlate', 'License plate can be max 7 characters'],
    [{ date: 'not a date' }, 'date', 'Date is not valid'],
  ])('refuses %o on %s with the spec message', (change, field, message) => {
    expect(refusal(() => validateFullTicket({ ...form, ...change }))).toEqual(invalidField(field, message));
  });

  it('accepts a time received at the time loaded: a receipt with no time loaded sets both to its own time', () => {
    expect(validateFullTicket({ ...form, timeReceived: form.timeLoaded }).timeReceived).toBe(form.timeLoaded);
  });

  it('accepts notes of exactly 500 characters', () => {
    expect(notesMaxLength).toBe(500);
    expect(validateFullTicket({ ...form, notes: 'n'.repeat(500) }).notes).toHaveLength(500);
  });

  it('treats a blank weight as none, and a numeric string as a number', () => {
    expect(validateFullTicket({ ...form, weight: '' }).weight).toBeNull();
    expect(validateFullTicket({ ...form, weight: 0 }).weight).toBe(0);
    expect(validateFullTicket({ ...form, weight: '1500.5' }).weight).toBe(1500.5);
  });

  it('accepts either truck type: 1 Triaxle, 2 Trailer', () => {
    expect(validateFullTicket({ ...form, truckTypeId: 1 }).truckTypeId).toBe(1);
    expect(validateFullTicket({ ...form, truckTypeId: 2 }).truckTypeId).toBe(2);
  });

  it('reports every failing field, the first one (in form order) as the thrown message', () => {
    expect(() => validateFullTicket({})).toThrowError('Ticket number is required');
    expect(refusal(() => validateFullTicket({})).errors).toEqual({
      ticketNumber: 'Ticket number is required',
      date: 'Date is required',
      jobSite: 'Job site is required',
      siteContactName: 'Site contact is required',
      timeLoaded: 'Time loaded is required',
      timeReceived: 'Time received is required',
      truckDriverName: 'Driver name is required',
      truckLicensePlate: 'License plate is required',
      contractorCompanyId: 'Contractor is required',
      transportCompanyId: 'Haulage company is required',
      truckTypeId: 'Truck type is required',
    });
  });

  it('the first failing field gives the message when several fail', () => {
    expect(
      refusal(() => validateFullTicket({ ...form, jobSite: '', notes: 'n'.repeat(501), weight: 'x' })),
    ).toEqual({
      kind: 'validation',
      message: 'Job site is required',
      errors: {
        jobSite: 'Job site is required',
        notes: 'Notes can be max 500 characters',
        weight: 'Weight must be a number',
      },
    });
  });

  it.each([
    ['ticketNumberRequired', 'Ticket number is required'],
    ['dateRequired', 'Date is required'],
    ['jobSiteRequired', 'Job site is required'],
    ['siteContactRequired', 'Site contact is required'],
    ['timeLoadedRequired', 'Time loaded is required'],
    ['timeReceivedRequired', 'Time received is required'],
    ['driverNameRequired', 'Driver name is required'],
    ['licensePlateRequired', 'License plate is required'],
    ['contractorRequired', 'Contractor is required'],
    ['contractorNotSelected', 'Please select a contractor'],
    ['haulageCompanyRequired', 'Haulage company is required'],
    ['haulageCompanyNotSelected', 'Please select a haulage company'],
    ['truckTypeRequired', 'Truck type is required'],
    ['truckTypeNotSelected', 'Please select a truck type'],
    ['receivedAfterLoaded', 'Time received must be after time loaded'],
    ['notesTooLong', 'Notes can be max 500 characters'],
    ['weightNotNumber', 'Weight must be a number'],
    ['licensePlateTooLong', 'License plate can be max 7 characters'],
  ] as const)('exports the spec message %s word for word: %s', (key, message) => {
    expect(ticketFormMessages[key]).toBe(message);
  });

  it.each([['timeLoaded'], ['timeReceived']])('refuses a %s that is not a time', (field) => {
    const error = refusal(() => validateFullTicket({ ...form, [field]: 'half past two' }));
    expect(error.kind).toBe('validation');
    expect(Object.keys(error.errors ?? {})).toEqual([field]);
  });
});

describe('short ticket form', () => {
  it('requires nothing', () => {
    expect(validateShortTicket({})).toEqual(emptyTicketDetails);
    expect(validateShortTicket({ ticketNumber: '', jobSite: '', truckTypeId: 0 })).toEqual(
      emptyTicketDetails,
    );
  });

  it('upper-cases and trims the licence plate', () => {
    expect(validateShortTicket({ truckLicensePlate: 'ab12345' }).truckLicensePlate).toBe('AB12345');
    expect(validateShortTicket({ truckLicensePlate: ' xy-9z ' }).truckLicensePlate).toBe('XY-9Z');
    expect(validateShortTicket({ truckLicensePlate: '  ' }).truckLicensePlate).toBeNull();
  });

  it('accepts a complete form too', () => {
    expect(validateShortTicket(form)).toEqual(validateFullTicket(form));
  });

  it.each([
    [{ truckLicensePlate: 'ab123456' }, 'truckLicensePlate', 'License plate can be max 7 characters'],
    [{ notes: 'n'.repeat(501) }, 'notes', 'Notes can be max 500 characters'],
    [{ weight: 'heavy' }, 'weight', 'Weight must be a number'],
    [{ truckTypeId: 5 }, 'truckTypeId', 'Truck type must be Triaxle (1) or Trailer (2)'],
    [{ date: 'someday' }, 'date', 'Date is not valid'],
    [
      { timeLoaded: '2026-03-10T14:00:00.000Z', timeReceived: '2026-03-10T13:59:59.000Z' },
      'timeReceived',
      'Time received must be after time loaded',
    ],
  ])('keeps the format rule: %o refused on %s', (input, field, message) => {
    expect(refusal(() => validateShortTicket(input))).toEqual(invalidField(field, message));
  });

  it('accepts a time received with no time loaded', () => {
    expect(validateShortTicket({ timeReceived: '2026-03-10T15:00:00.000Z' }).timeReceived).toBe(
      '2026-03-10T15:00:00.000Z',
    );
  });
});
