import { useTestPortal } from '@portal/api/test/portal';
import { describe, expect, it } from 'vitest';

/** The OpenAPI document is the contract clients are written against: every operation says what it answers. */

const ctx = useTestPortal();

type Operation = { responses?: Record<string, unknown> };

describe('the OpenAPI document', () => {
  it('declares a success answer (a response schema) for every operation', async () => {
    const document = (await ctx.portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const withoutSuccess = operations
      .filter(
        ({ operation }) => !Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2')),
      )
      .map(({ route }) => route);
    expect(withoutSuccess).toEqual([]);
  });

  it('resolves every $ref inside the document (a schema named by reference is in it)', async () => {
    const document = (await ctx.portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json<object>();
    const refs: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value))
          if (key === '$ref' && typeof inner === 'string') refs.push(inner);
          else collect(inner);
    };
    collect(document);
    const resolve = (ref: string): unknown =>
      ref.startsWith('#/')
        ? ref
            .slice(2)
            .split('/')
            .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document)
        : undefined;
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => resolve(ref) === undefined)).toEqual([]);
  });
});
