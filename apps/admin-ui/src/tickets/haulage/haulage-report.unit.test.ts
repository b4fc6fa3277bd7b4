import { describe, expect, it } from 'vitest';
import { haulageReportPath, reportRangeError, totalVolumeM3, volumeOf } from './haulage-report';

describe('the haulage record report', () => {
  it("refuses a ticket number that is not a number, in the spec's words", () => {
    expect(reportRangeError('12a')).toBe('Ticket number must be a number');
    expect(reportRangeError(' 12 ')).toBeUndefined();
    expect(reportRangeError('')).toBeUndefined();
  });

  it('puts only the given parts of the range in the report address', () => {
    expect(haulageReportPath(7, { from: '1', to: '', fromDate: '2026-11-01', toDate: ' ' })).toBe(
      '/report/haulage-record/7?from=1&fromDate=2026-11-01',
    );
    expect(haulageReportPath(7, { from: '', to: '', fromDate: '', toDate: '' })).toBe(
      '/report/haulage-record/7',
    );
  });

  it('totals the loads’ trucks’ nominal m3 (Triaxle 10, Trailer 40)', () => {
    expect(volumeOf({ truckTypeId: 2 })).toBe(40);
    expect(totalVolumeM3([{ truckTypeId: 1 }, { truckTypeId: 2 }, { truckTypeId: null }])).toBe(50);
  });
});
