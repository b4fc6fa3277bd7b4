import { startTransition, useEffect, useState } from 'react';

/**
 * A long list's first render shows its first `firstCount` rows, and the rest follow in a transition just
 * after: a dashboard row with its actions costs milliseconds to render, and the rows below the fold held
 * back the ones people look at first. Later changes of the rows (another page, a refresh) render whole, so
 * a list someone has scrolled never shrinks under them.
 */
export function useFirstRowsFirst<Row>(rows: Row[] | undefined, firstCount: number): Row[] | undefined {
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    if (rows !== undefined && !whole) startTransition(() => setWhole(true));
  }, [rows, whole]);
  return whole || rows === undefined ? rows : rows.slice(0, firstCount);
}
