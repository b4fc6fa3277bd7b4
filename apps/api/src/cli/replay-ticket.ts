// `npm run replay -- --ticket <number> [--at <version>]`: a ticket's history from the event store
// alone (no read model): every event in order, then the ticket's state as of the chosen event.
import { parseArgs } from 'node:util';
import { ticketHistory, ticketIdsByNumber } from '../tickets/history';
import { runEventStoreTask } from './event-store-task';

const { values } = parseArgs({ options: { ticket: { type: 'string' }, at: { type: 'string' } } });
const ticketNumber = Number(values.ticket);
if (!Number.isInteger(ticketNumber) || ticketNumber < 1) {
  console.error('Usage: npm run replay -- --ticket <number> [--at <event version>]');
  process.exit(2);
}

await runEventStoreTask(async ({ eventStore }) => {
  let exitCode = 0;
  const ticketIds = await ticketIdsByNumber(eventStore, ticketNumber);
  if (ticketIds.length === 0) {
    console.error(`No ticket number ${ticketNumber} in the event store.`);
    exitCode = 1;
  }
  for (const ticketId of ticketIds) {
    const history = await ticketHistory(eventStore, ticketId);
    console.log(`Ticket ${ticketNumber} (id ${ticketId}): ${history.length} events`);
    for (const entry of history) {
      console.log(
        `  #${entry.version}  ${entry.occurredAt}  ${entry.type.padEnd(22)}  user ${entry.userId ?? 'system'}  ${JSON.stringify(entry.data)}`,
      );
    }
    const at = values.at === undefined ? history.length : Number(values.at);
    const chosen = history.find((entry) => entry.version === at);
    if (!chosen) {
      console.error(`  No event #${values.at} (versions run 1 to ${history.length}).`);
      exitCode = 1;
      continue;
    }
    console.log(`State as of event #${chosen.version} (${chosen.type}):`);
    console.log(JSON.stringify(chosen.state, null, 2));
  }
  return exitCode;
});
