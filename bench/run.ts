import { benchAuth } from './auth';
import { runCareBench } from './care';
import { runCareWorkflowBench } from './care-workflow';
import { runFilesBench } from './files';
import { runMailBench } from './mail';
import { runMailLogBench } from './mail-log';
import { printGoals } from './lib';
import { benchPanelSize } from './panel-size';
import { loadAverage, recordOutput, runContext, writeResults } from './results';
import { runStatisticsBench } from './statistics';

/**
 * `npm run bench`: each section starts what it measures and prints its own table. `npm run bench -- auth mail` runs only those sections.
 * PostgreSQL figures need BENCH_DATABASE_URL (or TEST_DATABASE_URL); without it those rows are skipped. A run that completes writes
 * what it printed to bench/RESULTS.md; a failed run leaves the previous results there.
 */
const SECTIONS: Record<string, () => unknown> = {
  auth: benchAuth,
  panel: () => benchPanelSize(),
  mail: runMailBench,
  'mail-log': runMailLogBench,
  files: runFilesBench,
  care: runCareBench,
  'care-workflow': runCareWorkflowBench,
  statistics: runStatisticsBench,
};

async function main() {
  const chosen = process.argv.slice(2);
  const unknown = chosen.filter((name) => !(name in SECTIONS));
  if (unknown.length)
    throw new Error(`unknown bench section(s): ${unknown.join(', ')}; choose from ${Object.keys(SECTIONS).join(', ')}`);
  const context = runContext(
    chosen.length === 0 ? 'all' : Object.keys(SECTIONS).filter((name) => chosen.includes(name)),
  );
  const output = recordOutput();
  for (const [name, run] of Object.entries(SECTIONS)) {
    if (chosen.length > 0 && !chosen.includes(name)) continue;
    output.part(name);
    await run();
  }
  output.part('goals');
  printGoals();
  console.log(`\nLoad average at the end (1, 5, 15 min): ${loadAverage()}`);
  writeResults(context, output.parts());
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
