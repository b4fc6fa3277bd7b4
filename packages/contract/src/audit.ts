import { Nullable, OneOf, SealEventSchemas } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';

/** GET /api/audit/verify: the event store's hash chains, walked stream by stream up to the first break. */
export const ChainVerificationSchema = Type.Object(
  {
    ok: Type.Boolean({ description: 'Every stream links from its first event to its last' }),
    checkedEvents: Type.Integer({ description: 'Events whose links held, up to the first break' }),
    firstBreak: Nullable(
      Type.Object({
        streamId: Type.String(),
        position: Type.Integer({
          description: 'The stream version where the chain breaks, or where it ends short of its seal',
        }),
        reason: OneOf([
          'missing-event',
          'missing-hash',
          'content-changed',
          'chain-broken',
          'seal-signature-invalid',
          'seal-heads-changed',
          'stream-missing',
          'truncated',
          'sealed-head-changed',
        ]),
        recordedAt: Type.String({
          format: 'date-time',
          description: 'When the event found there was recorded',
        }),
      }),
    ),
  },
  { $id: 'ChainVerification' },
);

/** POST /api/audit/seal and GET /api/audit/seals: a seal of every stream's head, as its event stores it. */
export const SealSchema = Type.Object(
  {
    version: Type.Integer({ description: "The seal's version in the seal stream (audit-seals)" }),
    ...SealEventSchemas.EventsSealed.properties,
  },
  { $id: 'Seal' },
);

export type Seal = Static<typeof SealSchema>;
