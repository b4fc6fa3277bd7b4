import { describe, expect, it } from 'vitest';
import { projectWeightSeries, receivedPerDaySeries } from './report-chart';

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

  const projects = [
    { projectId: 2, projectProjectId: 'P-200', netKg: 12_500, netTonnes: 12.5, approved: 0 },
    { projectId: 1, projectProjectId: 'P-100', netKg: 80_004, netTonnes: 80, approved: 100 },
    { projectId: 3, projectProjectId: 'P-300', netKg: 0, netTonnes: 0, approved: 0 },
  ];

  it('sets net tonnes beside the approved quantity per project, none where none is approved, and no project with neither', () => {
    expect(projectWeightSeries(projects, 'kg')).toEqual({
      projectIds: ['P-100', 'P-200'],
      net: [80, 12.5],
      approved: [100, null],
    });
  });

  it("charts a lb site's projects in whole pounds, the approved tonnes converted too", () => {
    // 80 004 kg = 176 378.63 lb; 100 t = 220 462.26 lb; 12 500 kg = 27 557.78 lb.
    expect(projectWeightSeries(projects, 'lb')).toEqual({
      projectIds: ['P-100', 'P-200'],
      net: [176_379, 27_558],
      approved: [220_462, null],
    });
  });
});
