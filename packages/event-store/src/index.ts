export { eventChainHash, eventContentHash } from './event-chain';
export { type RedactionVoucher, redactionEventType } from './event-redaction';
export {
  rawPublicKey,
  type SealedFacts,
  type StreamHead,
  sealKeyId,
  sealMerkleRoot,
  sealStreamId,
  signSeal,
} from './event-seal';
export * from './event-store';
export {
  EventStoreDbEventStore,
  type EventStoreDbEventStoreOptions,
} from './eventstoredb/eventstoredb-event-store';
export {
  type ChainedEvent,
  chainedStreams,
  type LatestSeal,
  latestSealProofs,
} from './postgres/chained-streams';
export { isConnectionLoss } from './postgres/connection-loss';
export { type EventsSealedData, sealStreamHeads } from './postgres/event-seals';
export { migrateEventStore } from './postgres/migrate-event-store';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { type EventRedaction, type RedactStreamEvents, redactStreamEvents } from './postgres/redact-events';
export { type EventLinkStatus, streamLinks } from './postgres/stream-links';
export {
  type ChainBreak,
  type ChainBreakReason,
  type ChainVerification,
  verifyEventChains,
} from './postgres/verify-event-chains';
export { type SealAbsenceProof, type SealedHeadProof, sealMerkleProofs } from './seal-merkle-proof';
