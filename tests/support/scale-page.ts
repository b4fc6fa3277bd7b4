import type { Ticket } from '@portal/contract';
import { displayTicketNumber } from '@portal/domain';
import type { Page } from 'playwright-core';

/** On the Scale page's Weigh In: finds today's ticket by what the operator types (number or plate), then its material. */
export async function chooseTicketToWeighIn(
  page: Page,
  typed: string,
  ticket: Pick<Ticket, 'prefix' | 'ticketNumber'>,
  material: string,
): Promise<void> {
  await page.getByRole('combobox', { name: "Today's ticket (number or plate)" }).fill(typed);
  await page
    .getByRole('option', { name: new RegExp(displayTicketNumber(ticket).replace(/[[\]]/g, '\\$&')) })
    .click();
  await page.getByRole('combobox', { name: 'Material' }).click();
  await page.getByRole('option', { name: material }).click();
}
