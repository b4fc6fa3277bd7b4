import type { TicketCounts } from '@portal/contract';
import { xlsxContentType } from '@portal/contract';
import { countOf, type DisplayUnit, displayUnitSymbols, kgFromDisplayUnit } from '@portal/domain';
import { getSettings, type ProjectTotals, projectTotals } from '@portal/projections';
import { type RunDefinition, wholeRunAsOneChunk } from '../jobs/job-runs';
import { enqueueMail } from '../mail/mail-jobs';
import { readModelsCurrent } from '../plugins/infrastructure';
import { siteDate } from '../site-time';
import { htmlParagraph, htmlTable, mailDelivery, mailDocument, mailIdOf, textTable } from './report-mail';
import {
  netColumnOf,
  type Table,
  ticketCountCells,
  ticketCountHeadings,
  ticketCountsInWords,
  tonnesOf,
} from './report-tables';

/**
 * GET /api/ticket/report/projects: every project with its contractor, job site and what its tickets
 * delivered, e-mailed to the current user as an .xlsx and an HTML table.
 */

/** The Projects page's toasts, word for word. */
export const projectsReportMessages = {
  success: 'Projects report generated successfully.',
  failure: 'Failed to generate projects report.',
} as const;

interface ProjectsReportParams {
  recipients: string[];
}

interface ProjectsReportChunkResult {
  date: string;
  recipients: string[];
  projects: number;
  netTonnes: number;
  mailId: string;
}

/** Every project's tickets summed, by what they amount to. */
const allTickets = (projects: ProjectTotals[]): TicketCounts => ({
  tickets: projects.reduce((sum, project) => sum + project.delivered.tickets, 0),
  receivedLoads: projects.reduce((sum, project) => sum + project.delivered.receivedLoads, 0),
  rejected: projects.reduce((sum, project) => sum + project.delivered.rejected, 0),
  notReceived: projects.reduce((sum, project) => sum + project.delivered.notReceived, 0),
  unused: projects.reduce((sum, project) => sum + project.delivered.unused, 0),
});

function projectsTable(projects: ProjectTotals[], unit: DisplayUnit): Table {
  const netKg = projects.reduce((sum, project) => sum + project.delivered.netKg, 0);
  const net = netColumnOf(unit);
  // After project, contractor, job site and the five counts: the net, then the approved quantity.
  const netColumn = 3 + ticketCountHeadings.length;
  // A project's approved quantity is tonnes: beside a net in lb or ton, it is converted to that unit too.
  const approved = net.inTonnes
    ? { header: 'Approved', cell: (tonnes: number) => tonnes, columns: [netColumn] }
    : {
        header: `Approved (${displayUnitSymbols[unit]})`,
        cell: (tonnes: number) => kgFromDisplayUnit(tonnes, 't'),
        columns: [netColumn, netColumn + 1],
      };
  return {
    title: 'Projects',
    // A project's tickets are the ones it sold (the projects table's 'Tickets Sold').
    headers: [
      'Project',
      'Contractor',
      'Job site',
      'Tickets sold',
      ...ticketCountHeadings.slice(1),
      net.header,
      approved.header,
    ],
    rows: projects.map((project) => [
      project.projectId,
      project.contractorCompanyName,
      project.jobSite,
      ...ticketCountCells(project.delivered),
      net.cell(project.delivered.netKg),
      approved.cell(project.approved),
    ]),
    footer: [
      `Total: ${countOf(projects.length, 'project')}`,
      '',
      '',
      ...ticketCountCells(allTickets(projects)),
      net.cell(netKg),
      '',
    ],
    ...net.shownAt(approved.columns),
  };
}

const projectsReportFileName = (date: string) => `projects-report-${date}.xlsx`;

export const projectsReportRun: RunDefinition<
  ProjectsReportParams,
  ProjectsReportParams,
  ProjectsReportChunkResult
> = {
  kind: 'projects-report',
  queue: 'report-projects',
  chunks: wholeRunAsOneChunk,
  async processChunk({ host, run }) {
    const { recipients } = run.params;
    const date = siteDate(host.infra.config.siteTimezone);
    await readModelsCurrent(host, { required: true });
    const projects = await projectTotals(host.infra.db);
    const { displayUnit } = await getSettings(host.infra.db);
    const table = projectsTable(projects, displayUnit);
    const netKg = projects.reduce((sum, project) => sum + project.delivered.netKg, 0);
    const netTonnes = tonnesOf(netKg);

    const content = await host.infra.workbooks.tables([{ name: 'Projects', table }]);

    const heading = `Projects report ${date}`;
    const overview = `${projects.length} ${projects.length === 1 ? 'project' : 'projects'}; ${netColumnOf(displayUnit).inWords(netKg)} received in all. ${ticketCountsInWords(allTickets(projects))}.`;
    const mailId = mailIdOf(run.id);
    await enqueueMail(host.infra.jobs, mailId, {
      to: recipients,
      subject: heading,
      html: mailDocument(heading, [htmlParagraph(overview), htmlTable(table)]),
      text: [heading, overview, textTable(table)].join('\n\n'),
      attachments: [{ filename: projectsReportFileName(date), content, contentType: xlsxContentType }],
    });
    return { date, recipients, projects: projects.length, netTonnes, mailId };
  },
  async summarize([chunk], host) {
    if (!chunk?.result) {
      return {
        message: chunk?.state === 'failed' ? projectsReportMessages.failure : null,
        error: chunk?.error ?? null,
      };
    }
    return {
      message: projectsReportMessages.success,
      error: null,
      ...chunk.result,
      mail: await mailDelivery(host, chunk.result.mailId),
    };
  },
};
