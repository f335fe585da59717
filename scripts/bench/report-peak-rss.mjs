// Preloaded (node --import) into a benchmarked child process: at exit it
// writes the process's peak resident set size to stderr, on a line the
// benchmark reads. The generator itself knows nothing of it.
import process from "node:process";

process.on("exit", () => {
  process.stderr.write(`\nPEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
