import type { ReceivedLoad } from '@portal/projections';

export const none = '(none)';

interface Group {
  contractor: string;
  project: string;
  jobSite: string;
  material: string;
  loads: number;
  kg: number;
}

export interface DailySummary {
  date: string;
  /** Per contractor, project, job site and material, in that order. */
  groups: Group[];
  contractors: { contractor: string; loads: number; kg: number }[];
  loads: number;
  kg: number;
  /** Loads received without a net weight (they count as loads, not as tonnes). */
  unweighed: number;
}

export const materialOf = (load: ReceivedLoad) => load.material ?? load.materialType ?? none;

/** Job sites are typed by hand: 'North Pit' and 'north pit ' are one site. */
const siteKey = (jobSite: string | null) => (jobSite ?? '').trim().toLowerCase();

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

export function summarizeLoads(date: string, loads: ReceivedLoad[]): DailySummary {
  const groups = new Map<string, Group>();
  const contractors = new Map<string, { contractor: string; loads: number; kg: number }>();
  for (const load of loads) {
    const contractor = load.contractor ?? none;
    const project = load.project ?? none;
    const material = materialOf(load);
    const kg = load.weightKg ?? 0;
    const key = JSON.stringify([contractor, project, siteKey(load.jobSite), material]);
    const group = groups.get(key) ?? {
      contractor,
      project,
      jobSite: load.jobSite?.trim() || none,
      material,
      loads: 0,
      kg: 0,
    };
    group.loads += 1;
    group.kg += kg;
    groups.set(key, group);
    const total = contractors.get(contractor) ?? { contractor, loads: 0, kg: 0 };
    total.loads += 1;
    total.kg += kg;
    contractors.set(contractor, total);
  }
  return {
    date,
    groups: [...groups.values()].sort(
      (a, b) =>
        byText(a.contractor, b.contractor) ||
        byText(a.project, b.project) ||
        byText(a.jobSite, b.jobSite) ||
        byText(a.material, b.material),
    ),
    contractors: [...contractors.values()].sort((a, b) => byText(a.contractor, b.contractor)),
    loads: loads.length,
    kg: loads.reduce((sum, load) => sum + (load.weightKg ?? 0), 0),
    unweighed: loads.filter((load) => load.weightKg === null).length,
  };
}
