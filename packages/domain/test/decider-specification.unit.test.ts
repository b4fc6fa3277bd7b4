import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/errors';
import { deciderSpecification } from './decider-specification';

// A counter that refuses to go below zero: enough to show each outcome passes and fails as it should.
type Event = { type: 'Added'; by: number };
const counter = deciderSpecification<{ add: number }, Event, number>({
  decide: ({ add }, total) => {
    if (total + add < 0) throw new DomainError('validation', 'Below zero', { add: 'Below zero' });
    return add === 0 ? [] : [{ type: 'Added', by: add }];
  },
  evolve: (total, event) => total + event.by,
  initialState: 0,
});

describe('deciderSpecification', () => {
  it('folds the given events, decides the command and compares the events', () => {
    counter
      .given({ type: 'Added', by: 2 })
      .when({ add: 3 })
      .thenEmits([{ type: 'Added', by: 3 }]);
    counter.given().when({ add: 0 }).thenEmits([]);
    expect(counter.given({ type: 'Added', by: 2 }).when({ add: 3 }).thenState()).toBe(5);
    expect(() =>
      counter
        .given()
        .when({ add: 3 })
        .thenEmits([{ type: 'Added', by: 4 }]),
    ).toThrow();
  });

  it('reads a refusal, and fails when the command is not refused', () => {
    const belowZero = { kind: 'validation', message: 'Below zero', errors: { add: 'Below zero' } };
    counter.given({ type: 'Added', by: 1 }).when({ add: -2 }).thenRefuses(belowZero);
    expect(() => counter.given().when({ add: 1 }).thenRefuses(belowZero)).toThrow('expected a DomainError');
  });
});
