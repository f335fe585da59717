import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Says once, for the whole run, when the published contracts are absent (their tests skip);
    // gives the run a temporary folder of its own, removed at its end.
    globalSetup: ["test/helpers/shared-specs-notice.ts", "test/helpers/temporary-folder.ts"],
    exclude: ["test/golden/**", "test/golden-contracts/**", "test/fixtures/**", "node_modules/**"],
    // Bounds against a hang only: with other processes keeping both cores busy, a test that starts
    // child processes (tsc, builds, generations) may take minutes, and that is not a failure.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Both cores: vitest's default on a 2-core machine is one worker, and much of the suite waits on
    // child processes (tsc, builds, servers). Tests share no state but read-only files.
    maxWorkers: 2,
  },
});
