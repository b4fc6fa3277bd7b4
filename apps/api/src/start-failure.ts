/** A start that cannot go on for a reason one line says (printed without a stack trace). */
export class StartRefused extends Error {}

/** A start that failed: one line when it says why itself (a taken PORT), else the error in full; exit 1. */
export function failStart(error: unknown): never {
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
}
