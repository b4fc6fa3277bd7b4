/**
 * Given / when / then for a decider, after Emmett's DeciderSpecification: the events a stream holds,
 * the command, and the events it decides or the refusal it meets. `then` itself is not a method name
 * here, since an object with a `then` is a promise to JavaScript.
 */
import { expect } from 'vitest';
import { refusal } from './refusal';

interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}

interface DeciderOutcome<Event, State> {
  /** The command decides exactly these events. */
  thenEmits(expected: Event[]): void;
  /** The command decides events that match these, field by field (`toMatchObject`). */
  thenEmitsMatching(expected: unknown[]): void;
  /** The command is refused with this kind, message and per-field messages (see `refusal`). */
  thenRefuses(expected: { kind: string; message: string; errors: unknown }): void;
  /** The state the decided events lead to, for the assertions that read it. */
  thenState(): State;
}

export function deciderSpecification<Command, Event, State>(decider: Decider<Command, Event, State>) {
  const when =
    (state: State) =>
    (command: Command): DeciderOutcome<Event, State> => {
      const decided = () => decider.decide(command, state);
      return {
        thenEmits: (expected) => expect(decided()).toEqual(expected),
        thenEmitsMatching: (expected) => expect(decided()).toMatchObject(expected),
        thenRefuses: (expected) => expect(refusal(decided)).toEqual(expected),
        thenState: () => decided().reduce(decider.evolve, state),
      };
    };
  return {
    /** A stream that holds `events`, in order. */
    given: (...events: Event[]) => ({ when: when(events.reduce(decider.evolve, decider.initialState)) }),
    /** A state built otherwise (rehydrated from a snapshot, or folded by the test). */
    givenState: (state: State) => ({ when: when(state) }),
  };
}
