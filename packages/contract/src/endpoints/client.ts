import type { Static, TSchema } from '@sinclair/typebox';
import type { Endpoint } from './endpoint';

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** The answer of a call: the body of its 200 (or its 201 or 202 when it answers neither), null for a 204. */
export type AnswerOf<E extends Endpoint> = E['response'] extends { 200: infer S }
  ? StaticOf<S>
  : E['response'] extends { 201: infer S }
    ? StaticOf<S>
    : E['response'] extends { 202: infer S }
      ? StaticOf<S>
      : null;

/** What a call sends: path parameters, query string and body, each as its declaration's schema says. */
export type InputOf<E extends Endpoint> = (E extends { params: infer P } ? { params: StaticOf<P> } : object) &
  (E extends { querystring: infer Q } ? { query?: Partial<StaticOf<Q>> } : object) &
  (E extends { body: infer B } ? { body: StaticOf<B> } : object);

/** One HTTP request, as the client hands it to its transport (fetch in the UI, `app.inject` in tests). */
export interface Request {
  method: Endpoint['method'];
  /** The path with its parameters filled in, and the query string. */
  url: string;
  body?: unknown;
}

/** The path of a call: the declaration's `:name` parameters filled in, then the query string. */
export function urlOf(declaration: Endpoint, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = declaration.path.replace(/:(\w+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${declaration.path} needs its ${name}`);
    return encodeURIComponent(String(params[name]));
  });
  const query = Object.entries((input.query ?? {}) as Record<string, unknown>).filter(
    ([, value]) => value !== undefined && value !== null,
  );
  return query.length === 0
    ? path
    : `${path}?${new URLSearchParams(query.map(([k, v]): [string, string] => [k, String(v)]))}`;
}

/** The request of a call to a declared endpoint. */
export function requestOf(declaration: Endpoint, input: object): Request {
  const { body } = input as { body?: unknown };
  return {
    method: declaration.method,
    url: urlOf(declaration, input),
    ...(body === undefined ? {} : { body }),
  };
}

/**
 * A typed client over a transport: `call(endpoints.x, { params, query, body }, options)` sends what the
 * declaration says and answers its typed answer; the transport sends it and reads the answer (and
 * takes `options`, e.g. headers).
 */
export function clientOf<Options>(transport: (request: Request, options?: Options) => Promise<unknown>) {
  return <const E extends Endpoint>(declaration: E, input: InputOf<E>, options?: Options) =>
    transport(requestOf(declaration, input), options) as Promise<AnswerOf<E>>;
}
