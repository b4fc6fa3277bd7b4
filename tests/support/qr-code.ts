import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';

/** What the QR code an element shows says, read back from a screenshot of it as a phone would. */
export async function readQrCode(element: Locator): Promise<string | null> {
  const png = PNG.sync.read(await element.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}
