import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@portal/contract';
import {
  companyNameTooLong,
  DomainError,
  maxIndexedTextLength,
  optionalId,
  type TicketActor,
  type TicketCommand,
  ticketMessages,
  validateFullTicket,
  validateShortTicket,
} from '@portal/domain';
import { getSettings } from '@portal/projections';
import type { CommandHost } from '../plugins/infrastructure';
import { route } from '../route';
import { actorOf, currentTicketForm, runTicketCommand } from './ticket-command';
import { assertReferencesExist, companyIdByName, linkTruckByPlate } from './ticket-references';

/** Stands in for a haulage company typed by name while the form is validated (never saved). */
const TYPED_COMPANY = 1;

interface TicketSave {
  ticket?: Record<string, unknown>;
  createTransportIfDoesNotExist?: unknown;
}

/** PUT /api/ticket/edit and /edit/short: `ticket.isReceived: true` receives it (spec client). */
async function saveTicket(app: CommandHost, body: TicketSave, actor: TicketActor, form: 'full' | 'short') {
  const input = body.ticket ?? {};
  const ticketId = Number(input.id);
  if (!Number.isInteger(ticketId) || ticketId < 1)
    throw new DomainError('not_found', ticketMessages.notFound);
  const current = await currentTicketForm(app, ticketId);
  const merged = { ...current, ...input };
  const typedCompany =
    typeof input.transportCompanyName === 'string' ? input.transportCompanyName.trim() : '';
  const createsCompany =
    body.createTransportIfDoesNotExist === true &&
    optionalId(merged.transportCompanyId, 'transportCompanyId') === null &&
    typedCompany !== '';
  // The company's rules, under the form's name for the field (nothing is saved when they fail).
  if (createsCompany && typedCompany.length > maxIndexedTextLength)
    throw new DomainError('validation', companyNameTooLong, { transportCompanyName: companyNameTooLong });
  // A typed haulage company to create counts as chosen; it is created only once everything else
  // is valid, so a refused save creates nothing.
  const toValidate = createsCompany ? { ...merged, transportCompanyId: TYPED_COMPANY } : merged;
  // Receive Ticket uses its own rules, not the full form's Save checks, because an incomplete
  // ticket can still be received (docs/rules.md, "Tickets and their states").
  const receiving = input.isReceived === true;
  const { maximumWeightKg } = await getSettings(app.infra.db);
  const details =
    form === 'full' && !receiving
      ? validateFullTicket(toValidate, maximumWeightKg)
      : validateShortTicket(toValidate, maximumWeightKg);
  if (createsCompany) details.transportCompanyId = null;
  await assertReferencesExist(app, details);
  if (createsCompany)
    details.transportCompanyId = await companyIdByName(app, 'transport', typedCompany, actor.userId);
  await linkTruckByPlate(app, details);
  const command: TicketCommand = {
    type: 'EditTicket',
    details,
    receive: receiving,
    actor,
    now: new Date().toISOString(),
  };
  const expectedVersion = typeof input.version === 'number' ? input.version : undefined;
  return runTicketCommand(app, ticketId, command, { actorId: actor.userId, expectedVersion });
}

/** The ticket page's full form and the dashboard's short form; standard users save unreceived tickets. */
export const saveTicketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, endpoints.putTicketEdit, async (request) =>
    saveTicket(app, request.body, actorOf(request), 'full'),
  );
  route(app, endpoints.putTicketEditShort, async (request) =>
    saveTicket(app, request.body, actorOf(request), 'short'),
  );
};
