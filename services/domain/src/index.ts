export * from './errors';
export * from './users/business-logic';
export * from './users/user';
export * from './users/validation';
export * from './validation';
