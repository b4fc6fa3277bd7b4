export * from './database';
export * from './migrations';
export * from './runner/projection';
export * from './runner/projection-runner';
export * from './users/users-projection';
export * from './users/users-queries';

import { usersProjection } from './users/users-projection';

/** Every read-model projection, in the order they are applied within a batch. */
export const allProjections = [usersProjection];
