/** The API's request and answer shapes, one definition for the server, the admin UI and the tests. */
export * from './http';
export * from './runs';
export * from './scale';
export * from './tickets';
