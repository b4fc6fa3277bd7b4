import { ticketEventTypes } from '@portal/domain';
import { redactionEventType } from '@portal/event-store';
import { describe, expect, it } from 'vitest';

describe('the redaction event', () => {
  it("is a ticket event by the name the chain verifier looks for, so a ticket's vouchers are in its own stream", () => {
    expect(ticketEventTypes).toContain(redactionEventType);
  });
});
