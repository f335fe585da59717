import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Position } from "../diagnostics/diagnostic.js";
import {
  describeKind,
  type JsonMember,
  type JsonNode,
  type JsonObjectNode,
} from "../frontends/json/json-node.js";
import { readJson } from "../frontends/json/read-json.js";
import { sourceLimits } from "../frontends/source/source-limits.js";
import { SourceProblems } from "../frontends/source/source-problem.js";
import { noteFileAbsent, noteFileRead } from "../input-log.js";
import { packageNameProblem } from "./package-name.js";

/** The configuration file, in the folder paygen runs in. */
export const CONFIG_FILE = "paygen.config.json";

/** One package a configuration lists: each setting as written (paths relative to the configuration's folder), absent when not set. */
export interface PackageSettings {
  readonly name?: string;
  readonly schemas?: string;
  readonly from?: readonly string[];
  readonly out?: string;
  readonly versionFile?: string;
  readonly cache?: boolean;
  /** The package has the server side: each service's server entry (a stand-in of the service: a sandbox, a test double). */
  readonly server?: boolean;
}

/** A configuration as read: where it was read from (as messages name it), the file that holds it (in the folder paygen runs in), and its packages. */
export interface Config {
  readonly file: string;
  readonly source: typeof CONFIG_FILE | "package.json";
  readonly packages: readonly PackageSettings[];
}

/** The keys of a package, and what each holds (as messages say it). */
const PACKAGE_KEYS: Readonly<Record<keyof PackageSettings, "string" | "strings" | "boolean">> = {
  name: "string",
  schemas: "string",
  from: "strings",
  out: "string",
  versionFile: "string",
  cache: "boolean",
  server: "boolean",
};

/**
 * The configuration of the folder `cwd`: `paygen.config.json`, or else the
 * `paygen` key of its `package.json`; undefined when there is neither. Throws
 * a `SourceProblemsError` with every problem, each at its line and column.
 */
export async function readConfig(cwd: string): Promise<Config | undefined> {
  const own = await readText(path.join(cwd, CONFIG_FILE));
  if (own !== undefined)
    return { source: CONFIG_FILE, ...parseConfig(readRoot(own, CONFIG_FILE), CONFIG_FILE) };
  const manifest = await readText(path.join(cwd, "package.json"));
  if (manifest === undefined) return undefined;
  const root = readJson(manifest, "package.json", sourceLimits("json")).root;
  // A package.json paygen cannot read is not paygen's to report: it is only looked in for a `paygen` key.
  const key = root?.kind === "object" ? root.members.get("paygen") : undefined;
  return key === undefined
    ? undefined
    : { source: "package.json", ...parseConfig(key.value, "package.json (its paygen key)") };
}

async function readText(file: string): Promise<string | undefined> {
  try {
    const text = await readFile(file, "utf8");
    noteFileRead(file, text);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      throw new Error(`${path.basename(file)}:1:1: the file cannot be read`);
    noteFileAbsent(file);
    return undefined;
  }
}

function readRoot(text: string, file: string): JsonNode {
  const read = readJson(text, file, sourceLimits("json"));
  read.problems.throwIfAny();
  return read.root!;
}

/** Checks a configuration's value: `{ "packages": [ { ... }, ... ] }`. */
function parseConfig(root: JsonNode, file: string): Omit<Config, "source"> {
  const problems = new SourceProblems();
  const packages: PackageSettings[] = [];
  if (root.kind !== "object")
    problems.error(
      root.at,
      `the configuration is an object with a "packages" list, not ${describeKind(root)}`,
    );
  else {
    for (const member of root.members.values()) {
      if (member.key !== "packages")
        problems.error(
          member.keyAt,
          `unknown key ${JSON.stringify(member.key)}; the configuration has one key, "packages"`,
        );
    }
    const list = root.members.get("packages");
    if (list === undefined) problems.error(root.at, 'the configuration has no "packages" list');
    else if (list.value.kind !== "array" || list.value.items.length === 0)
      problems.error(
        list.value.at,
        `"packages" is a list of one or more packages, not ${list.value.kind === "array" ? "an empty list" : describeKind(list.value)}`,
      );
    else for (const item of list.value.items) packages.push(parsePackage(item, problems));
    if (list?.value.kind === "array") checkOutputs(list.value.items, packages, problems);
  }
  problems.throwIfAny();
  return { file, packages };
}

function parsePackage(node: JsonNode, problems: SourceProblems): PackageSettings {
  if (node.kind !== "object") {
    problems.error(
      node.at,
      `a package is an object of ${Object.keys(PACKAGE_KEYS).join(", ")}, not ${describeKind(node)}`,
    );
    return {};
  }
  const settings: Record<string, unknown> = {};
  for (const member of node.members.values()) {
    const kind = Object.hasOwn(PACKAGE_KEYS, member.key)
      ? PACKAGE_KEYS[member.key as keyof PackageSettings]
      : undefined;
    if (kind === undefined)
      problems.error(
        member.keyAt,
        `unknown key ${JSON.stringify(member.key)}; a package has ${Object.keys(PACKAGE_KEYS).join(", ")}`,
      );
    else settings[member.key] = valueOf(member, kind, problems);
  }
  const name = node.members.get("name");
  if (typeof settings["name"] === "string") {
    const problem = packageNameProblem(settings["name"]);
    if (problem !== undefined)
      problems.error(
        name!.value.at,
        `${JSON.stringify(settings["name"])} is not an npm package name: ${problem}`,
      );
  }
  if (node.members.has("schemas") && node.members.has("from"))
    problems.error(
      node.members.get("from")!.keyAt,
      'a package is generated from "schemas" or "from", not both',
    );
  return settings as PackageSettings;
}

function valueOf(
  member: JsonMember,
  kind: "string" | "strings" | "boolean",
  problems: SourceProblems,
): unknown {
  const { value } = member;
  if (kind === "boolean" && value.kind === "boolean") return value.value;
  if (kind === "string" && value.kind === "string" && value.value !== "") return value.value;
  if (
    kind === "strings" &&
    value.kind === "array" &&
    value.items.length > 0 &&
    value.items.every((i) => i.kind === "string" && i.value !== "")
  ) {
    return value.items.map((i) => (i as { value: string }).value);
  }
  const wanted = {
    boolean: "true or false",
    string: "a non-empty string",
    strings: "a non-empty list of non-empty strings",
  }[kind];
  problems.error(value.at, `"${member.key}" is ${wanted}, not ${describeKind(value)}`);
  return undefined;
}

/** Two packages never share an output folder (the default one included). */
function checkOutputs(
  items: readonly JsonNode[],
  packages: readonly PackageSettings[],
  problems: SourceProblems,
): void {
  const seen = new Map<string, number>();
  packages.forEach((settings, i) => {
    const out = path.normalize(settings.out ?? DEFAULT_OUT);
    const first = seen.get(out);
    if (first === undefined) {
      seen.set(out, i);
      return;
    }
    const item = items[i] as JsonObjectNode;
    const at: Position = item.members.get("out")?.value.at ?? item.at;
    problems.error(
      at,
      `packages ${first + 1} and ${i + 1} are both written to ${out}/; give each its own "out"`,
    );
  });
}

/** The output folder of a package that names none. */
export const DEFAULT_OUT = "generated";
/** The schema folder of a package that names neither schemas nor contracts. */
export const DEFAULT_SCHEMAS = "schemas";
