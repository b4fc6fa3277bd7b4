/** The API's request and answer shapes, one definition for the server, the admin UI and the tests. */
export * from './contractors';
export * from './external-loads';
export * from './http';
export * from './json-text';
export * from './mail';
export * from './materials';
export * from './projects';
export * from './record-pages';
export * from './records';
export * from './runs';
export * from './scale';
export * from './scale-alerts';
export * from './settings';
export * from './ticket-report';
export * from './tickets';
export * from './transports';
export * from './users';
