import { describe, expect, it } from 'vitest';
import { ticketIdOfStream } from './chain-break';

describe("a break's stream", () => {
  it("leads to a ticket's history when it is a ticket's stream", () => {
    expect(ticketIdOfStream('ticket-42')).toBe(42);
  });

  it('leads nowhere for another stream, or what only looks like a ticket', () => {
    expect(
      ['audit-seals', 'project-3', 'ticket-', 'ticket-007', 'ticket-4x', 'xticket-4'].map(ticketIdOfStream),
    ).toEqual([null, null, null, null, null, null]);
  });
});
