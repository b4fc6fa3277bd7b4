import { describe, expect, it } from 'vitest';
import { prefersRespondAsync } from './run-answers';

describe('Prefer: respond-async (RFC 7240)', () => {
  it.each([
    'respond-async',
    'RESPOND-ASYNC',
    ' respond-async ',
    'respond-async, wait=10',
    'wait=10, respond-async',
    'handling=lenient,respond-async;foo=bar',
  ])('is asked for by %j', (prefer) => {
    expect(prefersRespondAsync(prefer)).toBe(true);
  });

  it.each([undefined, '', 'wait=10', 'return=minimal', 'respond-asynchronously', 'x=respond-async'])(
    'is not asked for by %j',
    (prefer) => {
      expect(prefersRespondAsync(prefer)).toBe(false);
    },
  );
});
