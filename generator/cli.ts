import { readFile } from "node:fs/promises";
import path from "node:path";
import { PROJECT_ROOT } from "./project-paths.js";

/** A subcommand of `paygen`: its arguments in, its exit code out. */
type Command = (
  argv: readonly string[],
  log: (text: string) => void,
  err: (text: string) => void,
) => Promise<number>;

/**
 * Every subcommand, in one list. `generate` is also what runs when no
 * subcommand is named. A command's module is loaded only when it runs, so a
 * run pays for nothing another command needs.
 */
const COMMANDS: Readonly<
  Record<string, () => Promise<{ readonly run: Command; readonly usage: string }>>
> = {
  generate: async () => {
    const m = await import("./commands/generate-command.js");
    return { run: m.generateCommand, usage: m.GENERATE_USAGE };
  },
  diff: async () => {
    const m = await import("./commands/diff-command.js");
    return { run: (argv, log, err) => m.diffCommand(argv, log, err), usage: m.DIFF_USAGE };
  },
  mock: async () => {
    const m = await import("./commands/mock-command.js");
    return { run: (argv, log, err) => m.mockCommand(argv, log, err), usage: m.MOCK_USAGE };
  },
};

/** What `paygen --help` prints: every command, each with its own usage and options. */
async function usage(): Promise<string> {
  const parts = await Promise.all(
    Object.entries(COMMANDS).map(
      async ([name, load]) => `${name}:\n${(await load()).usage.replace(/^(?=.)/gm, "  ")}`,
    ),
  );
  return [
    "usage: paygen <command> [options]",
    "       paygen --version | --help",
    "       paygen <command> --help",
    "",
    `commands: ${Object.keys(COMMANDS).join(", ")} (without a command, generate)`,
    "",
    parts.join("\n\n"),
  ].join("\n");
}

/** The generator's own version: its package.json's. */
async function ownVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
    version?: unknown;
  };
  return String(manifest.version);
}

/** Runs the command line; returns the exit code. */
export async function main(
  argv: readonly string[],
  log: (text: string) => void = console.log,
  err: (text: string) => void = console.error,
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === "--version" || first === "-v") {
    log(await ownVersion());
    return 0;
  }
  if (first === "--help" || first === "-h" || first === "help") {
    log(await usage());
    return 0;
  }
  if (first === undefined || first.startsWith("-"))
    return (await COMMANDS["generate"]!()).run(argv, log, err);
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (!command) {
    err(`paygen: unknown command "${first}"\n${await usage()}`);
    return 2;
  }
  return (await command()).run(rest, log, err);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
