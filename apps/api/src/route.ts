import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Endpoint } from '@portal/contract';
import type { TSchema } from '@sinclair/typebox';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  LogLevel,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';

/** The fastify route schema of a declaration, so the handler's request and reply are typed by it. */
interface SchemaOf<E extends Endpoint> extends FastifySchema {
  params: E extends { params: infer P } ? P : undefined;
  querystring: E extends { querystring: infer Q } ? Q : undefined;
  headers: E extends { headers: infer H } ? H : undefined;
  body: E extends { body: infer B } ? B : undefined;
  // Handlers answer read-model rows whose Dates the serializer writes as the declared date-time
  // strings: the declared answers type the client, and the serializer holds the server to them.
  response: { [Status in keyof E['response']]: TSchema };
}

type HandlerOf<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  TypeBoxTypeProvider
>;

/**
 * Registers the handler of a declared endpoint: its method, path, schemas and access all come from
 * the declaration in `@portal/contract` (the route check refuses any `/api/` route registered otherwise).
 */
export function route<const E extends Endpoint>(
  app: FastifyInstance,
  declaration: E,
  handler: HandlerOf<E>,
  options: { logLevel?: LogLevel } = {},
): void {
  const { method, path, access, ...schema } = declaration;
  app.withTypeProvider<TypeBoxTypeProvider>().route({
    method,
    url: path,
    schema: schema as unknown as SchemaOf<E>,
    config: { access, endpoint: declaration },
    handler,
    ...options,
  });
}
