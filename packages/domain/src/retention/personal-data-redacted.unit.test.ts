import { describe, expect, it } from 'vitest';
import { upcastEventData } from '../events/event-versions';
import { portalEventVersions } from '../events/portal-events';
import { removedPersonalData } from '../tickets/personal-data';
import { recordRedactions } from './personal-data-redacted';

describe('PersonalDataRedacted', () => {
  it('version 1 (a ticket’s, naming it) reads as version 2, which names no record', () => {
    const redactedEvents = [{ version: 3, originalContentHash: 'aa', redactedContentHash: 'bb' }];
    expect(
      upcastEventData(portalEventVersions, 'PersonalDataRedacted', 1, {
        ticketId: 12,
        reason: 'retention',
        redactedEvents,
      }),
    ).toEqual({ reason: 'retention', redactedEvents });
  });
});

describe('recordRedactions', () => {
  const contact = { id: 5, contractorCompanyId: 2, name: 'Carla Site', number: '(416)555-0177', email: null };
  const user = {
    userId: 9,
    username: 'lena@portal.test',
    firstName: 'Lena',
    lastName: 'Leaving',
    phoneNumber: null,
    roleId: 2,
    passwordHash: '$argon2id$…',
  };

  it('replaces the personal values of a deleted record’s events, keeping nulls, ids and the company', () => {
    expect(
      recordRedactions([
        { version: 1, type: 'ContractorContactCreated', data: contact },
        { version: 2, type: 'ContractorContactDeleted', data: { id: 5 } },
        { version: 3, type: 'UserRegistered', data: user },
      ]),
    ).toEqual([
      {
        version: 1,
        data: { ...contact, name: removedPersonalData, number: removedPersonalData, email: null },
      },
      {
        version: 3,
        data: {
          ...user,
          username: `${removedPersonalData} user 9`,
          firstName: removedPersonalData,
          lastName: removedPersonalData,
          passwordHash: removedPersonalData,
        },
      },
    ]);
  });

  it('rewrites nothing the second time', () => {
    const once = recordRedactions([{ version: 1, type: 'UserRegistered', data: user }]);
    expect(recordRedactions(once.map((event) => ({ ...event, type: 'UserRegistered' })))).toEqual([]);
  });
});
