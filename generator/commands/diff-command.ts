import { parseArgs } from "node:util";
import { SchemaErrors, formatDiagnostic } from "../diagnostics/diagnostic.js";
import { severityRank, type Change, type Severity } from "../diff/change.js";
import { diffModels } from "../diff/compare-model.js";
import { formatJson } from "../diff/format-json.js";
import { formatMarkdown } from "../diff/format-markdown.js";
import { formatText } from "../diff/format-text.js";
import { loadSide, type Side } from "../diff/load-side.js";

export const DIFF_USAGE = `usage: paygen diff OLD NEW [--format text|markdown|json] [--fail-on breaking|warning]
       (npm run diff -- OLD NEW ... in this project)

  OLD, NEW   each a schema folder, a contract file (WSDL, XML Schema, Swagger/OpenAPI),
             or REV:path, a path as a git revision holds it (main:schemas, HEAD~1:schemas/payments)
  --format   text (default; coloured on a terminal), markdown, or json
  --fail-on  exit 1 when a change at or above this severity is found (default: exit 0)

  exit 0: compared; 1: --fail-on matched; 2: a side could not be read (its problems are printed)`;

const FORMATS = ["text", "markdown", "json"] as const;
const FAIL_ON: readonly Severity[] = ["breaking", "warning"];

/** `paygen diff`: what changed between two versions of a contract, and what it breaks. Returns the exit code. */
export async function diffCommand(
  argv: readonly string[],
  log = console.log,
  err = console.error,
  options: { readonly colour?: boolean; readonly cwd?: string } = {},
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        format: { type: "string", default: "text" },
        "fail-on": { type: "string" },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n${DIFF_USAGE}`);
    return 2;
  }
  if (args.values.help) {
    log(DIFF_USAGE);
    return 0;
  }
  const format = args.values.format as (typeof FORMATS)[number];
  const failOn = args.values["fail-on"] as Severity | undefined;
  if (!FORMATS.includes(format)) {
    err(`paygen diff: --format is one of ${FORMATS.join(", ")}, not "${format}"\n${DIFF_USAGE}`);
    return 2;
  }
  if (failOn !== undefined && !FAIL_ON.includes(failOn)) {
    err(`paygen diff: --fail-on is one of ${FAIL_ON.join(", ")}, not "${failOn}"\n${DIFF_USAGE}`);
    return 2;
  }
  if (args.positionals.length !== 2) {
    err(
      `paygen diff: expected OLD and NEW, got ${args.positionals.length} argument${args.positionals.length === 1 ? "" : "s"}\n${DIFF_USAGE}`,
    );
    return 2;
  }
  const cwd = options.cwd ?? process.cwd();
  const sides: Side[] = [];
  let failed = false;
  // Both sides are read, so the problems of both are shown at once; a side that cannot be read is never "no changes".
  for (const spec of args.positionals) {
    try {
      sides.push(await loadSide(spec, cwd));
    } catch (error) {
      failed = true;
      if (error instanceof SchemaErrors) {
        for (const d of error.diagnostics) err(formatDiagnostic(d));
        err(
          `paygen diff: ${error.diagnostics.length} problem${error.diagnostics.length === 1 ? "" : "s"} in ${spec}; nothing was compared`,
        );
      } else {
        err(
          `paygen diff: ${error instanceof Error ? error.message : String(error)}; nothing was compared`,
        );
      }
    }
  }
  if (failed) return 2;
  const changes = await diffModels(sides[0]!.model, sides[1]!.model);
  if (format === "json") log(formatJson(changes));
  else if (format === "markdown") log(formatMarkdown(changes));
  else log(formatText(changes, { colour: options.colour ?? Boolean(process.stdout.isTTY) }));
  return failOn !== undefined &&
    changes.some((c: Change) => severityRank(c.severity) <= severityRank(failOn))
    ? 1
    : 0;
}
