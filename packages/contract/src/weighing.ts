// The weighing calls' bodies: the spec's fields, and where the weight comes from (a scale's reading or a
// weight typed by hand).
import { manualReasonMaxLength, OneOf } from '@portal/domain';
import { Type } from '@sinclair/typebox';
import { looseFields } from './http';

/** A weigh-in's choices when the truck has no fresh stored tare. */
export const tareChoices = ['two-pass', 'default'] as const;
export type TareChoice = (typeof tareChoices)[number];

/** Where a weight comes from, as the Scale page sends it with a weigh-in or a tare. */
const WeighingInputSchema = {
  scaleId: Type.Optional(
    Type.Unknown({
      description: "The scale read: its current stable reading is used (the body's weight is then ignored)",
    }),
  ),
  manual: Type.Optional(
    Type.Boolean({
      description: 'true: the weight was typed by hand (confirmed in the Manually Set Scale Weight dialog)',
    }),
  ),
  manualReason: Type.Optional(
    Type.String({
      maxLength: manualReasonMaxLength,
      description:
        "Why the weight was typed by hand (the Scale page asks for it): recorded in the event's source.manualReason with a weight recorded as manual, ignored with a scale's reading. A manual weight without one (the spec's body) is recorded as 'no reason given'. A weight given lies in (0, the site's maximumWeightKg], else 400",
    }),
  ),
  displayedWeight: Type.Optional(
    Type.Number({
      description:
        "The scale's weight in KG as the operator saw it when confirming: a reading that has moved on since is refused with 409 'The weight changed: weigh again'. Without it, the current reading is taken (under the same legality checks)",
    }),
  ),
};

/** PUT /api/ticket/weigh: the spec's `{ticketId, materialId, weight}`, and where the weight comes from. */
export const WeighTicketBodySchema = Type.Object({
  ...looseFields('ticketId', 'materialId', 'weight', 'loggedInUserId'),
  ...WeighingInputSchema,
  tare: Type.Optional(
    OneOf(tareChoices, {
      description:
        "What stands in for a missing or expired stored tare: 'two-pass' holds this weight as the first of two (the truck is weighed again empty, or loaded; the heavier is the gross), 'default' uses the site's default tare. Without it, a weighing from a scale whose truck has no fresh stored tare is refused with 409 and errors.tare; the spec's body (no scaleId) keeps the spec's default tare for a truck with none",
    }),
  ),
  weighAs: Type.Optional(
    OneOf(['gross', 'net'], {
      description:
        "'net': weigh the indicator's net reading, its tare being the one the indicator holds (the frame must carry it); the default is gross, and a net reading is then refused",
    }),
  ),
});

/** POST /api/truck/tare/weight: the spec's `{ticketId, scaleWeight, truckId}`, and where the weight comes from. */
export const TareWeightBodySchema = Type.Object({
  ...looseFields('ticketId', 'truckId', 'scaleWeight'),
  ...WeighingInputSchema,
});
