import { describe, expect, it } from 'vitest';
import { thrown } from '../../test/refusal';
import {
  bulkChunks,
  bulkUpdatePatchOf,
  clearedFieldsOf,
  clearPatchOf,
  conflictingFields,
  bulkEditMessages as m,
  validateBulkRange,
} from './bulk-edit';
import { decideTicket } from './business-logic';
import { type ActiveTicket, evolveTicket, initialTicketState, type TicketState } from './ticket';
import { emptyTicketDetails } from './ticket-details';

const fieldErrorsOf = (input: object) => {
  const { message, fieldErrors: fields } = thrown(() => validateBulkRange(input));
  return { message, fields };
};

describe('bulk update and clear ranges', () => {
  it.each([
    [{}, { from: m.fromRequired }],
    [{ from: '' }, { from: m.fromRequired }],
    [{ from: 'abc' }, { from: m.fromNotNumber }],
    [{ from: '1.5' }, { from: m.fromNotNumber }],
    [{ from: true }, { from: m.fromNotNumber }],
    [{ from: 0 }, { from: m.minNumber }],
    [{ from: -5 }, { from: m.minNumber }],
    [{ from: '-5' }, { from: m.minNumber }],
    [{ from: ' -1 ' }, { from: m.minNumber }],
    [{ from: '0' }, { from: m.minNumber }],
    [{ from: '-' }, { from: m.fromNotNumber }],
    [{ from: '5-' }, { from: m.fromNotNumber }],
    [{ from: '-1.5' }, { from: m.fromNotNumber }],
    [{ from: 5, to: -5 }, { to: m.minNumber }],
    [{ from: 5, to: '-5' }, { to: m.minNumber }],
    [{ from: 1_000_000 }, { from: m.maxNumber }],
    [{ from: 5, to: 'x' }, { to: m.toNotNumber }],
  ])('%o is refused with %o', (input, fields) => {
    expect(fieldErrorsOf(input).fields).toEqual(fields);
  });

  it('to defaults to from; numbers may come as text', () => {
    expect(validateBulkRange({ from: '7' })).toEqual({ from: 7, to: 7 });
    expect(validateBulkRange({ from: 7, to: '' })).toEqual({ from: 7, to: 7 });
    expect(validateBulkRange({ from: ' 7 ', to: ' 9 ' })).toEqual({ from: 7, to: 9 });
  });

  it('refuses to before from and more than 10000 numbers', () => {
    expect(fieldErrorsOf({ from: 9, to: 8 }).message).toBe(m.fromAfterTo);
    expect(validateBulkRange({ from: 1, to: 10_000 })).toEqual({ from: 1, to: 10_000 });
    expect(fieldErrorsOf({ from: 1, to: 10_001 }).message).toBe(m.tooMany);
  });

  it('splits into chunks of 100 numbers', () => {
    expect(bulkChunks({ from: 1, to: 100 })).toEqual([{ from: 1, to: 100 }]);
    expect(bulkChunks({ from: 1, to: 101 })).toEqual([
      { from: 1, to: 100 },
      { from: 101, to: 101 },
    ]);
    expect(bulkChunks({ from: 50, to: 349 })).toHaveLength(3);
  });
});

describe('patches', () => {
  it('a bulk update sets only the fields it was given', () => {
    expect(
      bulkUpdatePatchOf({
        contractorCompanyId: 3,
        projectId: 0,
        jobSite: '  North Pit ',
        truckTypeId: 2,
        materialTypeId: null,
        isSaltImpacted: false,
      }),
    ).toEqual({ contractorCompanyId: 3, jobSite: 'North Pit', truckTypeId: 2 });
    expect(bulkUpdatePatchOf({ isSaltImpacted: true })).toEqual({ isSaltImpacted: true });
  });

  it('clear flags name their fields; clearAll names them all', () => {
    expect(clearedFieldsOf({ clearJobSite: true, clearProject: false })).toEqual(['jobSite']);
    expect(clearedFieldsOf({ clearAll: true })).toEqual([
      'contractorCompanyId',
      'projectId',
      'projectLeader',
      'jobSite',
      'siteContactName',
      'siteContactNumber',
      'contractorOfficeContactId',
      'materialTypeId',
    ]);
    expect(clearPatchOf(['jobSite', 'projectId'])).toEqual({ jobSite: null, projectId: null });
  });

  it('a conflict is a field that already holds another value', () => {
    const details = { ...emptyTicketDetails, jobSite: 'A', contractorCompanyId: 2 };
    expect(conflictingFields(details, { jobSite: 'B', contractorCompanyId: 2, projectId: 4 })).toEqual([
      'jobSite',
    ]);
  });
});

describe('BulkEditTicket', () => {
  const actor = { userId: 1, isAdministrator: true };
  /** Ticket 9 as generated, then edited to job site Old Site; `overrides` set what else it has been through. */
  const ticket = (overrides: Partial<ActiveTicket> = {}): TicketState => {
    const generated = evolveTicket(initialTicketState, {
      type: 'TicketGenerated',
      data: {
        ticketId: 9,
        prefix: 0,
        ticketNumber: 9,
        isSoilFLOLoad: false,
        hashNonce: 'n',
        date: '2026-03-10T05:00:00.000Z',
      },
    });
    const edited = evolveTicket(generated, {
      type: 'TicketEdited',
      data: { ticketId: 9, details: { ...emptyTicketDetails, jobSite: 'Old Site' } },
    });
    return { ...(edited as ActiveTicket), ...overrides };
  };

  it('never changes a received ticket', () => {
    expect(() =>
      decideTicket(
        { type: 'BulkEditTicket', patch: { jobSite: 'X' }, overwrite: true, actor },
        ticket({ isReceived: true }),
      ),
    ).toThrow(m.received);
  });

  it('leaves a conflicting ticket alone unless told to overwrite', () => {
    const command = { type: 'BulkEditTicket', patch: { jobSite: 'New Site' }, actor } as const;
    expect(() => decideTicket({ ...command, overwrite: false }, ticket())).toThrow(m.conflictSkipped);
    expect(decideTicket({ ...command, overwrite: true }, ticket())).toEqual([
      {
        type: 'TicketEdited',
        data: { ticketId: 9, details: { ...emptyTicketDetails, jobSite: 'New Site' } },
      },
    ]);
  });

  it('decides nothing when the ticket already holds the values (a retried chunk)', () => {
    expect(
      decideTicket(
        { type: 'BulkEditTicket', patch: { jobSite: 'Old Site' }, overwrite: false, actor },
        ticket(),
      ),
    ).toEqual([]);
  });
});
