import { closeHistoryStores } from '../node/history/history-store';
import { processIo, runCli } from './main';

process.exitCode = await runCli(process.argv.slice(2), processIo());
// History appends are batched: write the last batch before the process ends.
await closeHistoryStores();
