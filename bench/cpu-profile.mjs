// Preloaded into the server processes of the auth section when BENCH_CPU_PROFILE_DIR is set (bench/processes.ts): a V8 CPU
// profile of the compiled server, written there when it exits (`node --cpu-prof` cannot be passed through NODE_OPTIONS, and
// scripts/start.mjs runs the server with its own arguments). The start script, which preloads it too, is not profiled.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const directory = process.env.BENCH_CPU_PROFILE_DIR;
if (directory && process.argv[1]?.endsWith(`${path.sep}main.mjs`)) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.once('exit', () => {
    // the main thread's session answers synchronously, so the profile is written before the process ends
    session.post('Profiler.stop', (error, result) => {
      if (error) throw error;
      writeFileSync(path.join(directory, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
