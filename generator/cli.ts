/** A subcommand of `paygen`: its arguments in, its exit code out. */
type Command = (argv: readonly string[], log: (text: string) => void, err: (text: string) => void) => Promise<number>;

/**
 * Every subcommand, in one list. `generate` is also what runs when no
 * subcommand is named. A command's module is loaded only when it runs, so a
 * run pays for nothing another command needs.
 */
const COMMANDS: Readonly<Record<string, () => Promise<{ readonly run: Command; readonly usage: string }>>> = {
  generate: async () => {
    const m = await import("./commands/generate-command.js");
    return { run: m.generateCommand, usage: m.GENERATE_USAGE };
  },
  diff: async () => {
    const m = await import("./commands/diff-command.js");
    return { run: (argv, log, err) => m.diffCommand(argv, log, err), usage: m.DIFF_USAGE };
  },
};

async function usage(): Promise<string> {
  const parts = await Promise.all(Object.entries(COMMANDS).map(async ([name, load]) => `${name}:\n${(await load()).usage.replace(/^/gm, "  ")}`));
  return `usage: paygen <command> [options]\n\n${parts.join("\n\n")}`;
}

/** Runs the command line; returns the exit code. */
export async function main(argv: readonly string[], log: (text: string) => void = console.log, err: (text: string) => void = console.error): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith("-")) return (await COMMANDS["generate"]!()).run(argv, log, err);
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
