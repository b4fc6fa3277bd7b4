import type { ReportChart } from '@portal/contract';
import { type DisplayUnit, inDisplayUnit, kgFromDisplayUnit } from '@portal/domain';

/** The chart panel's data in the shape @mui/x-charts' bar charts take: one band per day or project. */

interface StackedSeries {
  /** The contractor or material; null for loads without one. */
  stack: string | null;
  data: number[];
}

/** Loads received per day, one series per contractor or material, each with a value for every day (0: none). */
export function receivedPerDaySeries(received: ReportChart['receivedPerDay']): {
  days: string[];
  series: StackedSeries[];
} {
  const days = [...new Set(received.map((entry) => entry.day))].sort();
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const byStack = new Map<string | null, number[]>();
  for (const { day, stack, loads } of received) {
    let data = byStack.get(stack);
    if (!data) {
      data = days.map(() => 0);
      byStack.set(stack, data);
    }
    const index = dayIndex.get(day) ?? 0;
    data[index] = (data[index] ?? 0) + loads;
  }
  // Named stacks by name, the loads without one last.
  const series = [...byStack.entries()]
    .map(([stack, data]) => ({ stack, data }))
    .sort((a, b) => (a.stack === null ? 1 : b.stack === null ? -1 : a.stack.localeCompare(b.stack)));
  return { days, series };
}

/** The unit the report's charts weigh in: a KG site's are the spec's tonnes, another site's its own unit. */
export const chartUnitOf = (unit: DisplayUnit): Exclude<DisplayUnit, 'kg'> => (unit === 'kg' ? 't' : unit);

/**
 * Net weight per project beside its approved quantity (null where none is set, so no empty bar is drawn),
 * in the chart's unit: tonnes as the API answers them, or the net KG and the approved tonnes converted. A
 * project with neither has nothing to draw and is left out.
 */
export function projectWeightSeries(
  projects: ReportChart['projects'],
  unit: DisplayUnit,
): {
  projectIds: string[];
  net: number[];
  approved: (number | null)[];
} {
  const chartUnit = chartUnitOf(unit);
  const inChartUnit = (kg: number) => inDisplayUnit(kg, chartUnit);
  const sorted = projects
    .filter((project) => project.netTonnes > 0 || project.approved > 0)
    .sort((a, b) => a.projectProjectId.localeCompare(b.projectProjectId));
  return {
    projectIds: sorted.map((project) => project.projectProjectId),
    net: sorted.map((project) => (chartUnit === 't' ? project.netTonnes : inChartUnit(project.netKg))),
    approved: sorted.map((project) =>
      project.approved <= 0
        ? null
        : chartUnit === 't'
          ? project.approved
          : inChartUnit(kgFromDisplayUnit(project.approved, 't')),
    ),
  };
}
