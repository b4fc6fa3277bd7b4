export * from './event-store';
export { migrateEventStore } from './postgres/migrate-event-store';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store';
