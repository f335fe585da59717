// Preloaded (node --import) into a benchmarked child process: at exit it
// writes the process's peak resident set size and its CPU time (user and
// system, all threads) to stderr, on a line the benchmark reads. The
// generator itself knows nothing of it.
import process from "node:process";

process.on("exit", () => {
  const usage = process.resourceUsage();
  process.stderr.write(
    `\nRESOURCE_USAGE maxRssKb=${usage.maxRSS} userUs=${usage.userCPUTime} systemUs=${usage.systemCPUTime}\n`,
  );
});
