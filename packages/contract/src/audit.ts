import { Nullable, OneOf, SealEventSchemas } from '@portal/domain';
import { type Static, Type } from '@sinclair/typebox';

/** Why a chain breaks where it does (docs/event-store.md, "What verify checks"). */
const ChainBreakReasonSchema = OneOf([
  'missing-event',
  'missing-hash',
  'content-changed',
  'chain-broken',
  'seal-signature-invalid',
  'seal-heads-changed',
  'stream-missing',
  'truncated',
  'sealed-head-changed',
]);

const chainVerificationFields = {
  ok: Type.Boolean({ description: 'Every stream links from its first event to its last' }),
  checkedEvents: Type.Integer({ description: 'Events whose links held, up to the first break' }),
  firstBreak: Nullable(
    Type.Object({
      streamId: Type.String(),
      position: Type.Integer({
        description: 'The stream version where the chain breaks, or where it ends short of its seal',
      }),
      reason: ChainBreakReasonSchema,
      recordedAt: Type.String({
        format: 'date-time',
        description: 'When the event found there was recorded',
      }),
    }),
  ),
};

/** With `?readModels=true`: every derived read-model table against its rebuild from the events. */
const ReadModelComparisonSchema = Type.Object({
  ok: Type.Boolean({ description: 'Every derived table equals its rebuild' }),
  tablesCompared: Type.Integer(),
  mismatches: Type.Array(
    Type.Object({
      table: Type.String(),
      onlyLive: Type.Integer({ description: 'Live rows the rebuild did not make (edited or added)' }),
      onlyRebuilt: Type.Integer({ description: 'Rebuilt rows the live table lacks (deleted or edited)' }),
      firstLiveId: Nullable(Type.String()),
    }),
  ),
});

/**
 * GET /api/audit/verify: the event store's hash chains, walked stream by stream up to the first break; with
 * `?readModels=true`, also the read models against a rebuild (then `ok` needs both).
 */
export const ChainVerificationSchema = Type.Object(
  { ...chainVerificationFields, readModels: Type.Optional(ReadModelComparisonSchema) },
  { $id: 'ChainVerification' },
);

export type ChainVerificationAnswer = Static<typeof ChainVerificationSchema>;

/** POST /api/audit/seal and GET /api/audit/seals: a seal of every stream's head, as its event stores it. */
export const SealSchema = Type.Object(
  {
    version: Type.Integer({ description: "The seal's version in the seal stream (audit-seals)" }),
    ...SealEventSchemas.EventsSealed.properties,
  },
  { $id: 'Seal' },
);

export type Seal = Static<typeof SealSchema>;

/**
 * GET /api/audit/status: what the Audit page shows before anyone verifies again: the latest verify that
 * finished (by the route or its run), and the newest seal; each null before the first.
 */
export const AuditStatusSchema = Type.Object(
  {
    lastVerification: Nullable(
      Type.Object({
        verifiedAt: Type.String({ format: 'date-time', description: 'When the walk finished' }),
        ...chainVerificationFields,
        readModels: Type.Optional(ReadModelComparisonSchema),
      }),
    ),
    lastSeal: Nullable(SealSchema),
  },
  { $id: 'AuditStatus' },
);

export type AuditStatus = Static<typeof AuditStatusSchema>;

/** GET /api/ticket/{id}/history/links: one event's link in its stream's hash chain. */
export const EventLinkSchema = Type.Object(
  {
    version: Type.Integer({ description: "The event's version in its stream (as in the history)" }),
    link: OneOf(['verified', 'broken', 'after-break'], {
      description:
        "verified: this event and every one before it link from the stream's start; broken: this link does not hold; " +
        'after-break: this link holds, but an earlier one in the stream does not',
    }),
    // Why the link is broken (missing-event: the event before this one is gone); null when it holds.
    reason: Nullable(ChainBreakReasonSchema),
  },
  { $id: 'EventLink' },
);

export type EventLink = Static<typeof EventLinkSchema>;
