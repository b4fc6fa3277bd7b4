import { countOf, type DisplayUnit, displayUnitSymbols, kgFromDisplayUnit } from '@portal/domain';
import { getSettings, type ProjectTotals, projectTotals } from '@portal/projections';
import ExcelJS from 'exceljs';
import type { RunDefinition } from '../jobs/job-runs';
import { enqueueMail } from '../mail/mail-jobs';
import { readModelsCurrent } from '../plugins/infrastructure';
import { siteDate } from '../site-time';
import {
  addTableSheet,
  htmlParagraph,
  htmlTable,
  mailDelivery,
  mailDocument,
  mailIdOf,
  netColumnOf,
  type Table,
  textTable,
  tonnesOf,
  xlsxContentType,
} from './report-mail';

/**
 * GET /api/ticket/report/projects: every project with its contractor, job site and what its tickets
 * delivered, e-mailed to the current user as an .xlsx and an HTML table (spec sections 4 and 7).
 */

/** Spec section 8: the Projects page's toasts. */
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

function projectsTable(projects: ProjectTotals[], unit: DisplayUnit): Table {
  const netKg = projects.reduce((sum, project) => sum + project.netKg, 0);
  const net = netColumnOf(unit);
  // A project's approved quantity is tonnes: beside a net in lb or ton, it is converted to that unit too.
  const approved = net.inTonnes
    ? { header: 'Approved', cell: (tonnes: number) => tonnes, columns: [5] }
    : {
        header: `Approved (${displayUnitSymbols[unit]})`,
        cell: (tonnes: number) => kgFromDisplayUnit(tonnes, 't'),
        columns: [5, 6],
      };
  return {
    title: 'Projects',
    headers: [
      'Project',
      'Contractor',
      'Job site',
      'Tickets sold',
      'Tickets received',
      net.header,
      approved.header,
    ],
    rows: projects.map((project) => [
      project.projectId,
      project.contractorCompanyName,
      project.jobSite,
      project.ticketsSold,
      project.ticketsReceived,
      net.cell(project.netKg),
      approved.cell(project.approved),
    ]),
    footer: [
      `Total: ${countOf(projects.length, 'project')}`,
      '',
      '',
      projects.reduce((sum, project) => sum + project.ticketsSold, 0),
      projects.reduce((sum, project) => sum + project.ticketsReceived, 0),
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
  chunks: (params) => [{ spec: params, total: 1 }],
  async processChunk({ host, run }) {
    const { recipients } = run.params;
    const date = siteDate(host.infra.config.siteTimezone);
    await readModelsCurrent(host, { required: true });
    const projects = await projectTotals(host.infra.db);
    const { displayUnit } = await getSettings(host.infra.db);
    const table = projectsTable(projects, displayUnit);
    const netKg = projects.reduce((sum, project) => sum + project.netKg, 0);
    const netTonnes = tonnesOf(netKg);

    const workbook = new ExcelJS.Workbook();
    workbook.created = new Date();
    addTableSheet(workbook, 'Projects', table);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());

    const heading = `Projects report ${date}`;
    const overview = `${projects.length} ${projects.length === 1 ? 'project' : 'projects'}; ${netColumnOf(displayUnit).inWords(netKg)} received in all. Tickets received count loads received and not rejected.`;
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
