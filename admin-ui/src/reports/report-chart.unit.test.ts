import { describe, expect, it } from 'vitest';
import { projectTonnesSeries, receivedPerDaySeries } from './report-chart';

describe('the report charts', () => {
  it('gives every stack a value for every day, days in order, loads without a stack last', () => {
    expect(
      receivedPerDaySeries([
        { day: '2026-11-02', stack: 'Acme', loads: 3 },
        { day: '2026-11-01', stack: null, loads: 1 },
        { day: '2026-11-01', stack: 'Acme', loads: 2 },
        { day: '2026-11-02', stack: 'Bravo', loads: 4 },
      ]),
    ).toEqual({
      days: ['2026-11-01', '2026-11-02'],
      series: [
        { stack: 'Acme', data: [2, 3] },
        { stack: 'Bravo', data: [0, 4] },
        { stack: null, data: [1, 0] },
      ],
    });
  });

  it('has nothing to stack without loads', () => {
    expect(receivedPerDaySeries([])).toEqual({ days: [], series: [] });
  });

  it('sets net tonnes beside the approved quantity per project, none where none is approved, and no project with neither', () => {
    expect(
      projectTonnesSeries([
        { projectId: 2, projectProjectId: 'P-200', netTonnes: 12.5, approved: 0 },
        { projectId: 1, projectProjectId: 'P-100', netTonnes: 80, approved: 100 },
        { projectId: 3, projectProjectId: 'P-300', netTonnes: 0, approved: 0 },
      ]),
    ).toEqual({ projectIds: ['P-100', 'P-200'], netTonnes: [80, 12.5], approved: [100, null] });
  });
});
