import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Each test file's wall time (import included) and its tests' outcomes, for the summary of `npm test` (scripts/test/run.mjs). */
export default class TimingsReporter implements Reporter {
  private readonly outputFile: string;

  constructor(options: { outputFile?: string } = {}) {
    this.outputFile = options.outputFile ?? 'test-results/vitest-files.json';
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files = testModules.map((module) => {
      const { collectDuration, setupDuration, environmentSetupDuration, prepareDuration, duration } =
        module.diagnostic();
      const outcomes = { passed: 0, failed: 0, skipped: 0 };
      const failures: { test: string; message?: string }[] = [];
      for (const test of module.children.allTests()) {
        const result = test.result();
        outcomes[result.state === 'pending' ? 'skipped' : result.state] += 1;
        if (result.state === 'failed') failures.push({ test: test.fullName, message: result.errors?.[0]?.message });
      }
      if (module.state() === 'failed' && outcomes.failed === 0) outcomes.failed = 1; // a file that failed to load
      return {
        project: module.project.name,
        file: path.relative(process.cwd(), module.moduleId),
        seconds: (collectDuration + setupDuration + environmentSetupDuration + prepareDuration + duration) / 1000,
        ...outcomes,
        failures,
      };
    });
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify(files, null, 1));
  }
}
