import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Says once, for the whole run, when the published contracts are absent (their tests skip).
    globalSetup: ["test/helpers/shared-specs-notice.ts"],
    exclude: ["test/golden/**", "test/golden-contracts/**", "test/fixtures/**", "node_modules/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Both cores: vitest's default on a 2-core machine is one worker, and much of the suite waits on
    // child processes (tsc, builds, servers). Tests share no state but read-only files.
    maxWorkers: 2,
  },
});
