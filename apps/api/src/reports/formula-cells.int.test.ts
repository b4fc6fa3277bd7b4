import { runToEnd } from '@portal/api/test/portal';
import {
  attachedSheets,
  firstTicket,
  lastTicket,
  mailArrived,
  readSheets,
  useMailingReportPortal,
} from '@portal/api/test/report-kit';
import { describe, expect, it } from 'vitest';

// Issue 32, item 6 (I2): a text a user typed never becomes a formula in a workbook the portal writes
// (OWASP, "CSV Injection"): one starting with = + - @, a tab or a carriage return keeps a leading
// apostrophe, in the custom report (streamed), the mailed reports and the transport export.
const ctx = useMailingReportPortal();
const hostile = ['=HYPERLINK("http://evil.test","Click")', '+1+2', '-2+3', '@SUM(A1:A2)', '=1+1'];

/** Every text cell of every sheet. */
const textsOf = (sheets: Record<string, unknown[][]>) =>
  Object.values(sheets).flatMap((rows) =>
    rows.flat().filter((cell): cell is string => typeof cell === 'string'),
  );

/** Each hostile text is there, apostrophe first, and no cell's text could be read as a formula. */
function expectInert(texts: string[], expected: string[]) {
  for (const text of expected) expect(texts).toContain(`'${text}`);
  expect(texts.filter((text) => /^[=+\-@\t\r]/.test(text))).toEqual([]);
}

describe('workbooks keep typed text inert', () => {
  it('the custom report (its title and its cells) and the mailed projects report', async () => {
    const [title, acmeName, betaName, projectId, jobSite] = hostile;
    const { contractorCompanies } = (await ctx.ok('GET', '/api/contractorcompany/all')).json<{
      contractorCompanies: { id: number; name: string; version: number }[];
    }>();
    const [acme, beta] = contractorCompanies;
    if (!acme || !beta) throw new Error('the seeded contractors are missing');
    await ctx.ok('PUT', '/api/contractorcompany/edit', { ...acme, name: acmeName });
    await ctx.ok('PUT', '/api/contractorcompany/edit', { ...beta, name: betaName });
    const response = await ctx.ok('POST', '/api/ticket/report/excel', {
      from: firstTicket,
      to: lastTicket,
      title,
      columns: ['ticketNumber', 'contractorCompanyName'],
    });
    expectInert(textsOf(await readSheets(response.rawPayload)), [title, acmeName, betaName].map(String));

    await ctx.ok('POST', '/api/project/new', {
      project: { projectId, contractorCompanyId: acme.id, jobSite },
      loggedInUserId: 1,
    });
    const run = await runToEnd(ctx.portal, ctx.admin, {
      method: 'GET',
      url: '/api/ticket/report/projects?ignoreLock=true',
    });
    const { date } = run.result as { date: string };
    const mail = await mailArrived(ctx.receiver, `Projects report ${date}`, ['admin@portal.test']);
    expectInert(textsOf(await attachedSheets(mail, `projects-report-${date}.xlsx`)), [String(projectId)]);
  });

  it('the transport export', async () => {
    const company = (await ctx.ok('POST', '/api/transportcompany/new', { name: '=cmd|calc' })).json<{
      id: number;
    }>();
    await ctx.ok('POST', '/api/truck/new', {
      truck: { transportCompanyId: company.id, number: '-1', licensePlate: 'TC00001', driverName: '@Dan' },
    });
    const response = await ctx.ok('GET', '/api/transportcompany/export');
    expectInert(textsOf(await readSheets(response.rawPayload)), ['=cmd|calc', '-1', '@Dan']);
  });
});
