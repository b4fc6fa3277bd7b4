import { type ComponentType, use } from 'react';
import { settledOnce } from './settled-once';

/**
 * A screen in its own chunk, fetched the first time it renders, so the login form and the dashboard do not
 * wait for every other screen's code (issue 16, item 6). Read with `use`, a screen whose code has been
 * fetched already (the dashboard's, rendered hidden behind the login form) renders at once, without a
 * fallback.
 */
export const lazyScreen = <P extends object>(load: () => Promise<ComponentType<P>>) => {
  const loadOnce = settledOnce(load);
  return (props: P) => {
    const Screen = use(loadOnce());
    return <Screen {...props} />;
  };
};

/** The named screens of one slice (its `index.ts`), each a lazyScreen: the slice's chunk comes with the first. */
export const lazySlice = <Slice, Name extends keyof Slice & string>(
  load: () => Promise<Slice>,
  names: readonly Name[],
) =>
  Object.fromEntries(
    names.map((name) => [
      name,
      lazyScreen(() => load().then((slice) => slice[name] as ComponentType<object>)),
    ]),
  ) as Pick<Slice, Name>;
