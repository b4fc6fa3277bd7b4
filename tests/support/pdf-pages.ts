import type { Page } from 'playwright-core';

/**
 * How many pages Chromium's print-to-PDF gives the page on a `format` sheet, as the office prints it: the
 * page tree's /Count of the PDF Chromium writes (one page tree, uncompressed object headers).
 */
export async function printedPageCount(page: Page, format: 'Letter' | 'A4'): Promise<number> {
  await page.emulateMedia({ media: 'print' });
  const pdf = (await page.pdf({ format, printBackground: true })).toString('latin1');
  await page.emulateMedia({ media: 'screen' });
  const counts = [
    ...pdf.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g),
  ];
  const count = counts.map((match) => Number(match[1] ?? match[2]));
  if (count.length === 0) throw new Error('no page tree in the printed PDF');
  return Math.max(...count);
}
