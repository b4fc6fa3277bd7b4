/**
 * A failure of a service the portal calls (SoilFLO): 503 when the portal is not configured to reach it,
 * else 502. Its message is shown to office staff, so it never holds a stack, a key or a URL; the detail for
 * the log sits in `cause`, as text free of secrets too.
 */
export class UpstreamError extends Error {
  constructor(
    readonly service: string,
    readonly code: string,
    readonly status: 502 | 503,
    message: string,
    options?: { cause?: string },
  ) {
    super(message, options);
  }
}
