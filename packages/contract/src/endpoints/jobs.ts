import { Type } from '@sinclair/typebox';
import { errorResponses } from '../http';
import { ChunkPageQuery, ChunkPageSchema, chunkPageSizes, RunViewSchema, statusChunkLimits } from '../runs';
import { endpoint } from './endpoint';

const runParams = Type.Object({ id: Type.String() });

export const jobsEndpoints = {
  getJobById: endpoint({
    method: 'GET',
    path: '/api/job/:id',
    access: 'admin',
    tags: ['jobs'],
    summary: 'A bulk run (generate, bulk update/clear/receive, export, report) with its progress',
    description:
      'The status document, polled while the run goes: its totals and `chunkCounts` over the whole run, and at most ' +
      `${statusChunkLimits.listed} of its chunks (running and failed ones first), so that it stays small however many ` +
      `chunks the run has; \`result\` is null for a run of more than ${statusChunkLimits.withResult} chunks. ` +
      'Every chunk is on GET /api/job/{id}/chunks. (Until issue 32 it listed every chunk, and a run of 100,000 made it 15 MB.)',
    params: runParams,
    response: { 200: RunViewSchema, ...errorResponses },
  }),
  getJobChunksById: endpoint({
    method: 'GET',
    path: '/api/job/:id/chunks',
    access: 'admin',
    tags: ['jobs'],
    summary: "A page of a run's chunks, in index order",
    description: `\`page\` (from 1) and \`perPage\` (${chunkPageSizes.join(', ')}; default ${chunkPageSizes[0]}); \`total\` is how many chunks the run has.`,
    params: runParams,
    querystring: ChunkPageQuery,
    response: { 200: ChunkPageSchema, ...errorResponses },
  }),
  postJobCancelById: endpoint({
    method: 'POST',
    path: '/api/job/:id/cancel',
    access: 'admin',
    tags: ['jobs'],
    summary: 'Cancels a run: chunks not started are dropped, running ones finish',
    description:
      "Answers the run's status document. Its chunks not started become 'cancelled' and are never run (a worker that " +
      "picks one up drops it); chunks already running finish. Once none runs, the run's state is 'cancelled'. " +
      'Cancelling a run that is already being cancelled answers it again; a finished run is a 409.',
    params: runParams,
    response: { 200: RunViewSchema, ...errorResponses },
  }),
};
