import { useEffect, useRef } from 'react';

/** Prints once, `delayMs` after the first render; a remount in development re-arms, never re-prints. */
export function usePrintOnce(delayMs: number) {
  const printed = useRef(false);
  useEffect(() => {
    if (printed.current) return;
    const timer = setTimeout(() => {
      printed.current = true;
      window.print();
    }, delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
}
