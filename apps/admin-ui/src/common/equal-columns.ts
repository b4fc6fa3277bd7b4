import type { Breakpoint } from '@mui/material/styles';

/**
 * A grid's `gridTemplateColumns` for sx: at each breakpoint that many equal columns, each allowed to be
 * narrower than its content (minmax(0, 1fr)) so a long word cannot widen one column past the others.
 */
export const equalColumns = (
  counts: Partial<Record<Breakpoint, number>>,
): Partial<Record<Breakpoint, string>> =>
  Object.fromEntries(
    Object.entries(counts).map(([breakpoint, count]) => [breakpoint, `repeat(${count}, minmax(0, 1fr))`]),
  );
