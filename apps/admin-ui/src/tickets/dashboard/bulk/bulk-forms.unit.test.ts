import { bulkEditMessages } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../i18n/messages';
import {
  bulkClearBody,
  bulkRangeOf,
  bulkRangeValidators,
  bulkUpdateBody,
  checkVerdict,
  clearsSomething,
  exportEmailError,
  generateBody,
  isTooManyToGenerate,
  listNumbers,
  rangeValidators,
  receiveChips,
  updatesSomething,
} from './bulk-forms';

const text = (key: string | undefined): unknown =>
  key
    ?.split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

describe('Generate and Export validation', () => {
  it("requires from and to with the spec's messages", () => {
    expect(text(rangeValidators.from(null))).toBe('From ticket number is required');
    expect(text(rangeValidators.to('', { from: 1 }))).toBe('To ticket number is required');
  });

  it('caps ticket numbers at 999999', () => {
    expect(text(rangeValidators.from(1_000_000))).toBe('Max ticket number is 999999');
    expect(rangeValidators.from(999_999)).toBeUndefined();
  });

  it('refuses numbers below 1 and a from after the to', () => {
    expect(text(rangeValidators.from(0))).toBe('Ticket number must be greater than 0');
    expect(text(rangeValidators.to(5, { from: 9 }))).toBe(
      'From ticket number must not be greater than to ticket number',
    );
    expect(rangeValidators.to(9, { from: 5 })).toBeUndefined();
  });

  it('refuses more than 2000 tickets in one generation', () => {
    expect(isTooManyToGenerate({ from: 1, to: 2000 })).toBe(false);
    expect(isTooManyToGenerate({ from: 1, to: 2001 })).toBe(true);
    expect(text('portal.bulk.generate.tooMany')).toBe(
      'Generate tickets failed. You can only generate max 2000 tickets at a time.',
    );
  });

  it('sends the generate body the API takes', () => {
    expect(generateBody({ from: 1, to: 5 }, false)).toEqual({
      from: 1,
      to: 5,
      isSoilFLOTicket: false,
      email: null,
    });
    expect(generateBody({ from: 1, to: 5 }, true)).toMatchObject({ isSoilFLOTicket: true });
  });

  it('wants a valid e-mail address to export to', () => {
    expect(exportEmailError('admin@portal.test')).toBeUndefined();
    expect(text(exportEmailError(''))).toBe('Email is required');
    expect(text(exportEmailError('admin'))).toBe('Email is not valid');
  });
});

describe('Update and Clear validation', () => {
  it("has the spec's messages, the same as the server's", () => {
    expect(text(bulkRangeValidators.from(''))).toBe(bulkEditMessages.fromRequired);
    expect(text(bulkRangeValidators.from('abc'))).toBe(bulkEditMessages.fromNotNumber);
    expect(text(bulkRangeValidators.from('0'))).toBe(bulkEditMessages.minNumber);
    expect(text(bulkRangeValidators.from('-5'))).toBe(bulkEditMessages.minNumber);
    expect(text(bulkRangeValidators.from(' -1 '))).toBe(bulkEditMessages.minNumber);
    expect(text(bulkRangeValidators.from('-'))).toBe(bulkEditMessages.fromNotNumber);
    expect(text(bulkRangeValidators.from('1.5'))).toBe(bulkEditMessages.fromNotNumber);
    expect(text(bulkRangeValidators.to('-5', { from: '1' }))).toBe(bulkEditMessages.minNumber);
    expect(text(bulkRangeValidators.from('1000000'))).toBe(bulkEditMessages.maxNumber);
    expect(text(bulkRangeValidators.to('x', { from: '1' }))).toBe(bulkEditMessages.toNotNumber);
    expect(text(bulkRangeValidators.to('1', { from: '5' }))).toBe(bulkEditMessages.fromAfterTo);
    expect(text(bulkRangeValidators.to('20001', { from: '1' }))).toBe(bulkEditMessages.tooMany);
  });

  it('lets to default to from', () => {
    expect(bulkRangeValidators.to('', { from: '5' })).toBeUndefined();
    expect(bulkRangeOf({ from: ' 5 ', to: '' })).toEqual({ from: 5, to: 5 });
    expect(bulkRangeOf({ from: '5', to: '9' })).toEqual({ from: 5, to: 9 });
  });

  it('sends the bulk update body the API takes', () => {
    const body = bulkUpdateBody(
      {
        from: '10',
        to: '',
        contractorCompanyId: 4,
        jobSite: '  North Pit ',
        truckTypeId: '2',
        forceUpdate: true,
      },
      '7',
    );
    expect(body).toEqual({
      from: 10,
      to: 10,
      contractorCompanyId: 4,
      jobSite: 'North Pit',
      contractorOfficeContactId: null,
      truckTypeId: 2,
      isSoilFLOTicket: false,
      loggedInUserId: 7,
      materialTypeId: null,
      siteContactId: null,
      projectId: null,
      isSaltImpacted: false,
      forceUpdate: true,
    });
    expect(updatesSomething(body)).toBe(true);
    expect(updatesSomething(bulkUpdateBody({ from: '1', jobSite: ' ', forceUpdate: true }, '7'))).toBe(false);
    expect(updatesSomething(bulkUpdateBody({ from: '1', isSaltImpacted: true }, '7'))).toBe(true);
  });

  it('sends the bulk clear body the API takes; clearAll turns every switch on', () => {
    const some = bulkClearBody({ from: '1', to: '3', clearJobSite: true }, '7');
    expect(some).toMatchObject({
      from: 1,
      to: 3,
      clearJobSite: true,
      clearContractor: false,
      clearAll: false,
    });
    expect(clearsSomething(some)).toBe(true);
    const all = bulkClearBody({ from: '1', clearAll: true }, '7');
    expect(all).toMatchObject({
      clearContractor: true,
      clearMaterialType: true,
      clearAll: true,
      loggedInUserId: 7,
    });
    expect(clearsSomething(bulkClearBody({ from: '1' }, '7'))).toBe(false);
  });

  it("gives the check's verdict in the spec's words", () => {
    expect(checkVerdict({ count: 0, results: [] })).toBe('allReceived');
    expect(checkVerdict({ count: 3, results: [] })).toBe('noConflicts');
    expect(checkVerdict({ count: 3, results: [{ ticketNumber: 1, fields: ['jobSite'] }] })).toBe('conflicts');
    expect(text('portal.bulk.update.allReceived')).toBe(bulkEditMessages.allReceived);
    expect(text('portal.bulk.update.noConflicts')).toBe(bulkEditMessages.noConflicts);
    expect(text('portal.bulk.update.checkFailed')).toBe(bulkEditMessages.checkFailed);
    expect(text('portal.bulk.clear.failed')).toBe(bulkEditMessages.clearFailed);
  });

  it('cuts long lists of numbers', () => {
    expect(listNumbers([1, 2, 3])).toEqual({ text: '1, 2, 3', more: 0 });
    expect(listNumbers([1, 2, 3, 4], 2)).toEqual({ text: '1, 2', more: 2 });
  });
});

describe('Bulk Receive chips', () => {
  it("shows the run's chips, or pending ones before its first answer", () => {
    expect(receiveChips(null, ['1-3', '5'])).toEqual([
      { key: '1-3', value: 'pending' },
      { key: '5', value: 'pending' },
    ]);
    const results = [{ key: '1-3', value: 'success' as const }];
    expect(receiveChips({ success: 1, fail: 0, results }, ['1-3'])).toBe(results);
  });
});
