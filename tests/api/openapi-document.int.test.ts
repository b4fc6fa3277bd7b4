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
});
