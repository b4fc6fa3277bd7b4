// A workbook thread started from the TypeScript sources (npm start, npm run api, tests): Node's worker
// threads do not inherit tsx's loader from the process, so the thread registers it before loading its
// module. The built server's threads load dist/server/workbook-thread.js directly.
import { register } from 'tsx/esm/api';

register();
const thread = await import('./workbook-thread.ts');

export const { tablesWorkbook, ticketExportWorkbook, transportWorkbook, writeReportSheet } = thread;
