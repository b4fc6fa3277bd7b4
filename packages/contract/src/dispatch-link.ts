import { type Static, Type } from '@sinclair/typebox';
import { looseFields, maxId } from './http';

/**
 * POST /api/ticket/{id}/{hash}/dispatch: what the driver's form sends. Each field of any JSON type, read and
 * validated by the dispatch, so a malformed one gets the form's own message.
 */
export const DriverDispatchBodySchema = Type.Object(
  looseFields(
    'timeLoaded',
    'transportCompanyName',
    'truckNumber',
    'truckLicensePlate',
    'truckDriverName',
    'truckDriverNumber',
  ),
);

/** POST /api/ticket/{id}/dispatch-link/mail: the driver's address the dispatch link goes to. */
export const DispatchLinkMailBodySchema = Type.Object({
  to: Type.String({ maxLength: 254, description: "The driver's e-mail address, one" }),
});
export type DispatchLinkMailBody = Static<typeof DispatchLinkMailBodySchema>;

/** The mail was queued (sent through SMTP, or kept in the outbox without SMTP_URL); never the link itself. */
export const DispatchLinkMailSentSchema = Type.Object({
  to: Type.String(),
  mailId: Type.String({ description: 'The queued mail, as the mail queue names it' }),
});
export type DispatchLinkMailSent = Static<typeof DispatchLinkMailSentSchema>;

export const LinkParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: maxId }),
  hash: Type.String({ maxLength: 64 }),
});

export const LinkHashSchema = Type.Object({ hash: Type.String() });
