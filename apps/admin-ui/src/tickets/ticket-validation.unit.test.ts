import { ticketFormMessages } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { messages } from '../i18n/messages';
import { fullTicketValidators } from './ticket-validation';

const text = (key: unknown): unknown =>
  typeof key === 'string'
    ? key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages)
    : key;

describe("the full form's required dropdowns, as the server answers", () => {
  const dropdowns = [
    ['contractorCompanyId', ticketFormMessages.contractorRequired, ticketFormMessages.contractorNotSelected],
    [
      'transportCompanyId',
      ticketFormMessages.haulageCompanyRequired,
      ticketFormMessages.haulageCompanyNotSelected,
    ],
    ['truckTypeId', ticketFormMessages.truckTypeRequired, ticketFormMessages.truckTypeNotSelected],
  ] as const;

  it.each(dropdowns)(
    '%s: empty is "%s", below 1 is "%s", a record is accepted',
    (field, required, notSelected) => {
      const validate = fullTicketValidators[field];
      for (const empty of ['', null, undefined]) expect(text(validate(empty, {}, {}))).toBe(required);
      for (const none of [0, '0', -1]) expect(text(validate(none, {}, {}))).toBe(notSelected);
      expect(validate(2, {}, {})).toBeUndefined();
    },
  );
});
