import path from "node:path";
import type { Diagnostics } from "../diagnostics/diagnostic.js";
import type { Description, ServiceDescription } from "../description/description.js";
import { OPENAPI_FRONT_END } from "./openapi/front-end.js";
import { detectContractFormat, type ContractFormat } from "./detect-contract-format.js";
import { readInputFile, UnreadableFile } from "../read-input-file.js";
import { decodeUtf8 } from "./source/decode-utf8.js";
import { DEFAULT_SOURCE_LIMITS } from "./source/source-limits.js";

/** Reads one contract file (or, for a front end of a folder, one folder) into a description; problems go to `diagnostics`, positioned in the files read. */
export type ContractReader = (
  file: string,
  cwd: string,
  diagnostics: Diagnostics,
) => Promise<Description>;

/** A front end: the file formats it reads, recognised by content, or the folder it reads. */
export interface ContractFrontEnd {
  readonly name: string;
  /** The formats of the files it reads (`--from FILE`); none for a front end of a folder. */
  readonly formats: readonly ContractFormat["kind"][];
  /** It reads a folder (`--schemas DIR`), not a file: the YAML schema language's schema folder. */
  readonly folder?: true;
  readonly read: ContractReader;
}

/** Largest contract file looked at to recognise its format: the largest any format reads; each front end applies its format's limit when reading. */
const MAX_CONTRACT_BYTES = Math.max(...Object.values(DEFAULT_SOURCE_LIMITS).map((l) => l.maxBytes));

/**
 * Every front end, in one list: adding a format is adding an entry. Contract
 * files (`--from FILE`) are read by the entry of their format; the YAML
 * schema language is read from a folder (`--schemas DIR`) by its entry.
 * Each front end's code is loaded when it first reads (`import()`): a run
 * compiles only the front ends its contracts need.
 */
export const CONTRACT_FRONT_ENDS: readonly ContractFrontEnd[] = [
  {
    name: "yaml",
    formats: [],
    folder: true,
    read: async (dir, cwd, diagnostics) =>
      (await import("./yaml/read-yaml.js")).readYamlDescription({ dir, cwd }, diagnostics),
  },
  OPENAPI_FRONT_END,
  {
    name: "wsdl",
    formats: ["wsdl"],
    read: async (file, cwd, diagnostics) =>
      (await import("./wsdl/read-contract.js")).readWsdlContract(file, cwd, diagnostics),
  },
  {
    name: "xsd",
    formats: ["xsd"],
    read: async (file, cwd, diagnostics) =>
      (await import("./wsdl/read-contract.js")).readXsdContract(file, cwd, diagnostics),
  },
  // An overlay names a contract of another format: it is read with the front ends above, never through another overlay.
  {
    name: "overlay",
    formats: ["overlay"],
    read: async (file, cwd, diagnostics) =>
      (await import("./overlay/front-end.js")).readOverlayContract(
        file,
        cwd,
        diagnostics,
        (files, dir, d) =>
          readContracts(
            files,
            dir,
            d,
            CONTRACT_FRONT_ENDS.filter((f) => f.name !== "overlay"),
          ),
      ),
  },
];

/** Reads a schema folder (`--schemas DIR`) with the front end of folders. */
export async function readSchemaFolder(
  dir: string,
  cwd: string,
  diagnostics: Diagnostics,
  frontEnds: readonly ContractFrontEnd[] = CONTRACT_FRONT_ENDS,
): Promise<Description> {
  const frontEnd = frontEnds.find((f) => f.folder === true);
  if (frontEnd === undefined) throw new Error("no front end reads a schema folder");
  return frontEnd.read(dir, cwd, diagnostics);
}

/**
 * Reads each contract with the front end its content calls for, and joins
 * the services they describe. A file no front end reads, or two services of
 * one name, is a positioned problem.
 */
export async function readContracts(
  files: readonly string[],
  cwd: string,
  diagnostics: Diagnostics,
  frontEnds: readonly ContractFrontEnd[] = CONTRACT_FRONT_ENDS,
): Promise<Description> {
  const services: ServiceDescription[] = [];
  for (const file of files) {
    const display = path.relative(cwd, path.resolve(cwd, file)).split(path.sep).join("/") || file;
    const start = { file: display, line: 1, col: 1 };
    let text: string;
    try {
      // Invalid bytes are the front end's to report, where it reads the file.
      const bytes = await readInputFile(path.resolve(cwd, file), MAX_CONTRACT_BYTES);
      text = decodeUtf8(bytes, display, { error: () => undefined });
    } catch (error) {
      if (!(error instanceof UnreadableFile)) throw error;
      diagnostics.error(start, contractUnreadable(error));
      continue;
    }
    const format = detectContractFormat(text);
    if (format.kind === "unknown") {
      diagnostics.error(start, `not a contract paygen reads: ${format.reason}`);
      continue;
    }
    const frontEnd = frontEnds.find((f) => f.formats.includes(format.kind));
    if (!frontEnd) {
      diagnostics.error(
        start,
        format.kind === "overlay"
          ? "an overlay names a contract, not another overlay"
          : `${format.kind} contracts are recognised but not read yet`,
      );
      continue;
    }
    try {
      services.push(...(await frontEnd.read(file, cwd, diagnostics)).services);
    } catch (error) {
      // A structure that refers to itself in a way no check foresaw must not crash the run without a position.
      if (!(error instanceof RangeError)) throw error;
      diagnostics.error(start, "the contract nests or refers to itself too deeply to be read");
    }
  }
  const seen = new Map<string, ServiceDescription>();
  for (const s of services) {
    const first = seen.get(s.name);
    if (first)
      diagnostics.error(
        s.at,
        `service "${s.name}" is also described at ${first.at.file}:${first.at.line}:${first.at.col}`,
      );
    else seen.set(s.name, s);
  }
  return { services: [...seen.values()] };
}

/** Why a contract file was not read, as its problem says it. */
function contractUnreadable(error: UnreadableFile): string {
  if (error.reason === "too-large")
    return `the file is ${error.size} bytes; contracts may be at most ${MAX_CONTRACT_BYTES} bytes`;
  if (error.reason === "not-regular") return error.detail;
  // Which it is: absent, a loop of symbolic links, no permission.
  return error.detail.replace(/^the file /, "the contract file ");
}
