import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';

type ValidatorFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']
>;
type Compile = FastifySchemaCompiler<unknown>;

const buildAjvValidator = AjvCompiler();

/**
 * Paths and query strings are text, so their numbers are read from digits; JSON bodies carry their
 * own types and are taken as sent: `true`, `[2]`, `"2e0"` or `" 2 "` is not an id. (Fastify's one
 * Ajv would coerce bodies too: `{"id": true}` edited record 1.)
 */
export const requestValidatorFactory = ((
  externalSchemas: Parameters<typeof buildAjvValidator>[0],
  options: NonNullable<Parameters<typeof buildAjvValidator>[1]>,
) => {
  // The compilers take the whole route definition at run time, whatever their declared types say.
  const coercing = buildAjvValidator(externalSchemas, options) as unknown as Compile;
  const strict = buildAjvValidator(externalSchemas, {
    ...options,
    customOptions: { ...options.customOptions, coerceTypes: false },
  } as typeof options) as unknown as Compile;
  return (route: FastifyRouteSchemaDef<unknown>) =>
    route.httpPart === 'body' ? strict(route) : coercing(route);
}) as unknown as ValidatorFactory;
