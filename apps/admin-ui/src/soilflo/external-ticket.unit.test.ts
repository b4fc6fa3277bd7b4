import type { ExternalReceipt } from '@portal/contract';
import { type ExternalLoad, externalLoadMessages } from '@portal/domain';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../i18n/i18nProvider';
import { formatKg } from '../i18n/weights';
import {
  externalSaveBody,
  loadLookupFailure,
  receiptStatusText,
  updateFailureMessage,
} from './external-ticket';

const latest = { id: 7, version: 3, ticketNumber: 512, date: '2026-11-23T08:00:00.000Z' };
const load = { id: 90, status: 'complete' } as ExternalLoad;

describe('the body of PUT /api/ticket/edit/soilflo', () => {
  it('fills from the load on Save, and receives and reports back on Receive', () => {
    expect(externalSaveBody(latest, 'save', load, 2)).toEqual({
      ...latest,
      loggedInUserId: 2,
      soilFLOData: load,
    });
    expect(externalSaveBody(latest, 'receive', load, 2)).toEqual({
      ...latest,
      loggedInUserId: 2,
      isReceived: true,
      updateSoilFLO: true,
      soilFLOData: load,
    });
  });

  it('un-receives without reporting on Reset Receive, and receives without a load on Override, for its reason', () => {
    expect(externalSaveBody(latest, 'resetReceive', null, 2)).toEqual({
      ...latest,
      loggedInUserId: 2,
      isReceived: false,
      updateSoilFLO: false,
    });
    expect(externalSaveBody(latest, 'override', null, 2, 'Paper BoL only')).toEqual({
      ...latest,
      loggedInUserId: 2,
      isReceived: true,
      override: true,
      overrideReason: 'Paper BoL only',
    });
  });
});

describe('what a failed call says', () => {
  it('tells a missing load apart from other failures of the lookup', () => {
    const noLoad = new HttpError(externalLoadMessages.noLoad(512), 404, {});
    expect(loadLookupFailure(noLoad, 512)).toEqual({ noLoad: true });
    expect(loadLookupFailure(new HttpError('Not Found', 404, {}), 512)).toEqual({
      noLoad: false,
      message: 'Not Found',
    });
  });

  it("toasts SoilFLO's own failures with the server's message, and a bare server fault as a failed pull", () => {
    const unreachable = new HttpError('portal.errors.unexpected', 502, {
      message: externalLoadMessages.pullFailed,
      code: 'unreachable',
    });
    const notConfigured = new HttpError('portal.errors.unexpected', 503, {
      message: externalLoadMessages.notConfigured,
      code: 'not_configured',
    });
    expect(loadLookupFailure(unreachable, 1)).toEqual({
      noLoad: false,
      message: 'Failed to pull SoilFLO data',
    });
    expect(loadLookupFailure(notConfigured, 1)).toEqual({
      noLoad: false,
      message: externalLoadMessages.notConfigured,
    });
    expect(loadLookupFailure(new HttpError('portal.errors.unexpected', 500), 1)).toEqual({
      noLoad: false,
      message: 'Failed to pull SoilFLO data',
    });
  });

  it("follows 'Failed to update SoilFLO ticket!' with the server's reason, but not a server fault's", () => {
    const early = new HttpError('Time received cannot be earlier than time loaded', 400, {});
    expect(updateFailureMessage(early)).toBe(
      'Failed to update SoilFLO ticket! Time received cannot be earlier than time loaded',
    );
    const notCorrect = new HttpError('portal.errors.unexpected', 502, {
      message: 'SoilFLO data is not correct',
    });
    expect(updateFailureMessage(notCorrect)).toBe(
      'Failed to update SoilFLO ticket! SoilFLO data is not correct',
    );
    expect(updateFailureMessage(new HttpError('portal.errors.unexpected', 500))).toBe(
      'Failed to update SoilFLO ticket!',
    );
  });

  it("keeps the spec's texts in the catalogue", () => {
    const { translate } = i18nProvider;
    expect(translate('portal.tickets.external.noLoad', { number: 512 })).toBe(
      'No SoilFLO load exists with BoL#: 512',
    );
    expect(translate('portal.tickets.external.override')).toBe('Override?');
    expect(translate('portal.tickets.external.latestTicketFailed')).toBe(
      'Failed to get the lastest ticket data',
    );
  });
});

describe('the receipt report', () => {
  const receipt: ExternalReceipt = {
    state: 'pending',
    loadId: 90,
    weight: 18_250,
    receivedAt: '2026-11-23T09:00:00.000Z',
    attempts: 0,
    reason: null,
    sentAt: null,
    updatedAt: '2026-11-23T09:00:00.000Z',
  };
  const format = (instant: string) => `at:${instant}`;

  it('says pending, and why the last attempt failed once it was tried', () => {
    expect(receiptStatusText(receipt, format)).toEqual({
      severity: 'info',
      key: 'portal.tickets.external.receipt.pending',
      args: {},
    });
    expect(receiptStatusText({ ...receipt, attempts: 2, reason: 'timeout' }, format)).toEqual({
      severity: 'warning',
      key: 'portal.tickets.external.receipt.retrying',
      args: { attempts: 2, reason: 'timeout' },
    });
  });

  it('says when it was sent with which net weight, why it failed, and that a reset withdrew it', () => {
    const sentAt = '2026-11-23T09:01:00.000Z';
    const sent = receiptStatusText({ ...receipt, state: 'sent', sentAt, attempts: 1 }, format);
    expect(sent).toMatchObject({ severity: 'success', args: { time: `at:${sentAt}` } });
    expect(i18nProvider.translate(sent.key, sent.args)).toBe(
      `Receipt sent to SoilFLO at at:${sentAt}, net weight ${formatKg(18_250)}`,
    );
    const unweighed = receiptStatusText({ ...receipt, state: 'sent', sentAt, weight: null }, format);
    expect(i18nProvider.translate(unweighed.key, unweighed.args)).toBe(
      `Receipt sent to SoilFLO at at:${sentAt}, without a weight: the truck was not weighed yet`,
    );
    expect(
      receiptStatusText({ ...receipt, state: 'failed', attempts: 5, reason: 'refused' }, format),
    ).toEqual({
      severity: 'error',
      key: 'portal.tickets.external.receipt.failed',
      args: { attempts: 5, reason: 'refused' },
    });
    expect(receiptStatusText({ ...receipt, state: 'withdrawn' }, format).key).toBe(
      'portal.tickets.external.receipt.withdrawn',
    );
  });
});
