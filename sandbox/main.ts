/**
 * The command line: `npm run sandbox -- --port N --data PATH --merchant NAME --key KEY`.
 * Starts a sandbox on 127.0.0.1, prints its endpoints and serves until
 * interrupted. See docs/sandbox.md for every option.
 */
import { describe, parseCommandLine, USAGE } from "./cli.js";
import type { SandboxOptions } from "./options.js";
import { startSandbox } from "./server.js";

async function main(): Promise<void> {
  let options: SandboxOptions | "help";
  try {
    options = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === "help") {
    console.log(USAGE);
    return;
  }
  const sandbox = await startSandbox(options);
  for (const line of describe(sandbox)) console.log(line);
  const stop = (): void => {
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`sandbox: could not close cleanly: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // Started by `npm run sandbox`, the sandbox is npm's child: a SIGTERM to npm alone would leave it
  // listening. When its parent is gone (it is handed to another), it stops too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 500).unref();
}

main().catch((error: unknown) => {
  console.error(`sandbox: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
