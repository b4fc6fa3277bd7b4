export * from './event-store';
export {
  EventStoreDbEventStore,
  type EventStoreDbEventStoreOptions,
} from './eventstoredb/eventstoredb-event-store';
export { isConnectionLoss } from './postgres/connection-loss';
export { migrateEventStore } from './postgres/migrate-event-store';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
