import { useLoggingApp } from '@portal/api/test/portal';
import { useTicketPortal } from '@portal/api/test/ticket-kit';
import { describe, expect, it } from 'vitest';

// The portal's request log, written to memory, never holds a public link's hash.
const kit = useTicketPortal();
const logged = useLoggingApp(() => kit.portal, 'info');

const everyCharEncoded = (text: string) =>
  [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');

describe('the request log', () => {
  it('shows the requests to the public link but never its hash, valid or not, in the path or the query', async () => {
    const [ticket] = await kit.fresh();
    if (!ticket) throw new Error('no ticket');
    const { hash } = (await kit.call('GET', `/api/ticket/${ticket.id}/hash`)).json<{ hash: string }>();
    const wrong = `${hash.slice(0, -3)}xyz`;
    const requests: [method: 'GET' | 'HEAD', url: string, status: number][] = [
      ['GET', `/api/ticket/${ticket.id}/${hash}`, 200],
      ['GET', `/api/ticket/${ticket.id}/${everyCharEncoded(hash)}`, 200],
      ['HEAD', `/api/ticket/${ticket.id}/${hash}`, 200],
      ['GET', `/api/ticket/${ticket.id}/${wrong}`, 404],
      ['GET', `/api/ticket/${ticket.id}/${hash}?hash=${hash}`, 200],
      ['GET', `/ticket/${ticket.id}?hash=${hash}`, 404],
      ['GET', `/ticket/${ticket.id}?from=mail&hash=${encodeURIComponent(wrong)}`, 404],
    ];
    logged.lines.length = 0;
    for (const [method, url, status] of requests) {
      const response = await logged.app.inject({ method, url });
      expect(response.statusCode, url).toBe(status);
    }

    const log = logged.lines.join('');
    for (const secret of [hash, wrong, everyCharEncoded(hash), hash.slice(4, 16), wrong.slice(4, 16)])
      expect(log).not.toContain(secret);
    const entries = logged.lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(
      entries.filter((entry) => entry.msg === 'incoming request').map((entry) => entry.req?.url),
    ).toEqual([
      `/api/ticket/${ticket.id}/[redacted]`,
      `/api/ticket/${ticket.id}/[redacted]`,
      `/api/ticket/${ticket.id}/[redacted]`,
      `/api/ticket/${ticket.id}/[redacted]`,
      `/api/ticket/${ticket.id}/[redacted]?hash=[redacted]`,
      `/ticket/${ticket.id}?hash=[redacted]`,
      `/ticket/${ticket.id}?from=mail&hash=[redacted]`,
    ]);
    expect(entries.filter((entry) => entry.msg === 'request completed')).toHaveLength(requests.length);
  });
});
