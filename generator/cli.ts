import { DIFF_USAGE, diffCommand } from "./commands/diff-command.js";
import { GENERATE_USAGE, generateCommand } from "./commands/generate-command.js";

/** A subcommand of `paygen`: its arguments in, its exit code out. */
type Command = (argv: readonly string[], log: (text: string) => void, err: (text: string) => void) => Promise<number>;

/** Every subcommand, in one list. `generate` is also what runs when no subcommand is named. */
const COMMANDS: Readonly<Record<string, { readonly run: Command; readonly usage: string }>> = {
  generate: { run: generateCommand, usage: GENERATE_USAGE },
  diff: { run: (argv, log, err) => diffCommand(argv, log, err), usage: DIFF_USAGE },
};

const USAGE = `usage: paygen <command> [options]

${Object.entries(COMMANDS)
  .map(([name, c]) => `${name}:\n${c.usage.replace(/^/gm, "  ")}`)
  .join("\n\n")}`;

/** Runs the command line; returns the exit code. */
export async function main(argv: readonly string[], log: (text: string) => void = console.log, err: (text: string) => void = console.error): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith("-")) return COMMANDS["generate"]!.run(argv, log, err);
  const command = COMMANDS[first];
  if (!command) {
    err(`paygen: unknown command "${first}"\n${USAGE}`);
    return 2;
  }
  return command.run(rest, log, err);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
