import { reportRunDefinitions } from '../reports/report-runs';
import { ticketRunDefinitions } from '../tickets/ticket-runs';
import type { RunDefinition } from './job-runs';

/** Every kind of bulk run, each on a queue of its own (spec sections 5, 7 and 9). */
export const runDefinitions: RunDefinition[] = [...ticketRunDefinitions, ...reportRunDefinitions];
