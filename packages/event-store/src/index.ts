export { eventContentHash } from './event-chain';
export * from './event-store';
export {
  EventStoreDbEventStore,
  type EventStoreDbEventStoreOptions,
} from './eventstoredb/eventstoredb-event-store';
export { isConnectionLoss } from './postgres/connection-loss';
export { migrateEventStore } from './postgres/migrate-event-store';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
export {
  type ChainBreak,
  type ChainBreakReason,
  type ChainVerification,
  verifyEventChains,
} from './postgres/verify-event-chains';
