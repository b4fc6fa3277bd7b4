import type { Identifier } from 'react-admin';

/** /scales lists the weighbridges; /scales/{id} edits one and holds its bridge keys. */
export const SCALES_PATH = '/scales';
export const scalePath = (id: Identifier | 'new') => `${SCALES_PATH}/${id}`;
