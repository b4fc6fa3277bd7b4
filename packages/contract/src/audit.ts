import { Nullable, OneOf } from '@portal/domain';
import { Type } from '@sinclair/typebox';

/** GET /api/audit/verify: the event store's hash chains, walked stream by stream up to the first break. */
export const ChainVerificationSchema = Type.Object(
  {
    ok: Type.Boolean({ description: 'Every stream links from its first event to its last' }),
    checkedEvents: Type.Integer({ description: 'Events whose links held, up to the first break' }),
    firstBreak: Nullable(
      Type.Object({
        streamId: Type.String(),
        position: Type.Integer({ description: 'The stream version where the chain breaks' }),
        reason: OneOf(['missing-event', 'missing-hash', 'content-changed', 'chain-broken']),
        recordedAt: Type.String({
          format: 'date-time',
          description: 'When the event found there was recorded',
        }),
      }),
    ),
  },
  { $id: 'ChainVerification' },
);
