import { type Static, Type } from '@sinclair/typebox';
import { Versioned } from './http';

/** A material or a material type: both are just a name. */
export const MaterialSchema = Type.Object({ ...Versioned, name: Type.String() });
export type Material = Static<typeof MaterialSchema>;
