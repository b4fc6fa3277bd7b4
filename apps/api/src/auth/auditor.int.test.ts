import { testAuditorUser } from '@portal/api/test/portal';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { Role } from '@portal/domain';
import { describe, expect, it } from 'vitest';

const kit = useTicketPortal({ auditorUser: true });

/** The claims of a session token, read without checking it (the portal checks it; this test only reads it). */
const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));

describe('an auditor (role 3)', () => {
  it("logs in with a session whose role claim names the auditor's role", async () => {
    const token = await kit.portal.login(testAuditorUser.username, testAuditorUser.password);

    expect(claimsOf(token)).toMatchObject({ role: Role.Auditor, primarysid: String(kit.auditorUserId) });
    const listed = await kit.call('GET', `/api/user/${kit.auditorUserId}`);
    expect(listed.json()).toMatchObject({ roleId: 3, role: 'Auditor' });
  });

  it("reads a ticket, its change log and its history, and calls the audit routes' reads", async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    await kit.short(ticket.id, { notes: 'Checked by the office' });

    const read = await kit.call('GET', `/api/ticket/${ticket.id}`, undefined, kit.auditor);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: ticket.id });
    const log = await kit.call('GET', `/api/ticket/logs/${ticket.id}`, undefined, kit.auditor);
    expect(log.statusCode, log.body).toBe(200);
    const history = await kit.call('GET', `/api/ticket/${ticket.id}/history`, undefined, kit.auditor);
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json() as unknown[]).length).toBeGreaterThanOrEqual(2);
    for (const url of ['/api/audit/verify', '/api/audit/seals']) {
      const answer = await kit.call('GET', url, undefined, kit.auditor);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
  });

  it("is refused a ticket's save, the user list, the settings and a seal, and changes nothing", async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const refused = [
      ['PUT', '/api/ticket/edit/short', { ticket: { id: ticket.id, notes: 'Auditor was here' } }],
      [
        'PUT',
        '/api/ticket/edit',
        { ticket: { id: ticket.id, notes: 'Auditor was here' }, loggedInUserId: 1 },
      ],
      ['GET', '/api/user/all', undefined],
      ['GET', '/api/setting', undefined],
      ['POST', '/api/audit/seal', undefined],
    ] as const;
    for (const [method, url, body] of refused) {
      const answer = await kit.call(method, url, body, kit.auditor);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(403);
    }
    expect((await kit.get(ticket.id)).notes).not.toBe('Auditor was here');
  });
});
