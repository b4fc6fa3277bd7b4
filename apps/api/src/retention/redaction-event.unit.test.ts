import { portalEventVersions, ticketStreamEventTypes } from '@portal/domain';
import { redactionEventType } from '@portal/event-store';
import { describe, expect, it } from 'vitest';

describe('the redaction event', () => {
  it('is a portal event by the name the chain verifier looks for, and the tickets read model takes it', () => {
    expect(Object.keys(portalEventVersions)).toContain(redactionEventType);
    expect(ticketStreamEventTypes).toContain(redactionEventType);
  });
});
