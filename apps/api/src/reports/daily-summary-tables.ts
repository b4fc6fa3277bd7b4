import type { TicketCounts } from '@portal/contract';
import { paddedTicketNumber } from '@portal/domain';
import type { ReceivedLoad } from '@portal/projections';
import {
  type netColumnOf,
  siteDateTime,
  type Table,
  ticketCountCells,
  ticketCountHeadings,
  ticketCountsInWords,
} from './report-tables';
import { type DailySummary, materialOf, none } from './summarize-loads';

type NetColumn = ReturnType<typeof netColumnOf>;

export function dailySummaryTables(summary: DailySummary, net: NetColumn) {
  const byGroup: Table = {
    title: 'Loads by contractor, project, job site and material',
    headers: ['Contractor', 'Project', 'Job site', 'Material', 'Received loads', net.header],
    rows: summary.groups.map((g) => [
      g.contractor,
      g.project,
      g.jobSite,
      g.material,
      g.loads,
      net.cell(g.kg),
    ]),
    footer: ['Total', '', '', '', summary.loads, net.cell(summary.kg)],
    ...net.shownAt([5]),
  };
  const byContractor: Table = {
    title: 'Totals by contractor',
    headers: ['Contractor', 'Received loads', net.header],
    rows: summary.contractors.map((c) => [c.contractor, c.loads, net.cell(c.kg)]),
    footer: ['Total', summary.loads, net.cell(summary.kg)],
    ...net.shownAt([2]),
  };
  return { byGroup, byContractor };
}

export function loadsTable(loads: ReceivedLoad[], timeZone: string, net: NetColumn): Table {
  return {
    title: 'Loads',
    headers: [
      'Ticket',
      'Time received',
      'Contractor',
      'Project',
      'Job site',
      'Material',
      'Haulage company',
      'Plate',
      net.header,
    ],
    rows: loads.map((load) => [
      paddedTicketNumber(load.ticketNumber),
      siteDateTime(timeZone, load.timeReceived),
      load.contractor ?? '',
      load.project ?? '',
      load.jobSite ?? '',
      materialOf(load) === none ? '' : materialOf(load),
      load.haulageCompany ?? '',
      load.truckLicensePlate ?? '',
      load.weightKg === null ? '' : net.cell(load.weightKg),
    ]),
    ...net.shownAt([8]),
  };
}

export const overview = (summary: DailySummary, net: NetColumn) =>
  `${summary.loads} ${summary.loads === 1 ? 'load' : 'loads'} received on ${summary.date}, ${net.inWords(summary.kg)}` +
  (summary.unweighed > 0 ? ` (${summary.unweighed} without a weight).` : '.');

/** The day's tickets (those dated that day) by what they amount to: loads are counted apart from tickets. */
export const ticketsOfTheDay = (date: string, counts: TicketCounts) => ({
  words: `Tickets dated ${date}: ${ticketCountsInWords(counts)}.`,
  table: {
    title: `Tickets dated ${date}`,
    headers: ticketCountHeadings,
    rows: [ticketCountCells(counts)],
  } satisfies Table,
});
