import { access } from "node:fs/promises";
import path from "node:path";
import type { Position } from "../../diagnostics/diagnostic.js";
import type { JsonNode } from "../json/json-node.js";
import { formatPointer, parsePointer, resolvePointer } from "../json/json-pointer.js";
import type { SourceLimits } from "../source/source-limits.js";
import { readSourceFile, syntaxOf } from "../json/read-source.js";
import type { SourceProblems } from "../source/source-problem.js";

/** One file of an API description, read once. */
export interface SourceDocument {
  readonly absolutePath: string;
  /** How messages name the file: relative to the working folder, with `/` separators. */
  readonly displayPath: string;
  /** Absent when the file could not be read (its problems are reported where it is referenced from, and in it). */
  readonly root?: JsonNode;
}

/** Where a `$ref` leads: the file, the node, and the node's pointer in that file (normalised). */
export interface RefTarget {
  readonly document: SourceDocument;
  readonly node: JsonNode;
  readonly pointer: string;
  /** `absolutePath#pointer`: the same for every `$ref` that leads to the same place. */
  readonly key: string;
}

/** Most files one description may span. */
export const MAX_DOCUMENTS = 500;

const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * The files of an API description: the entry file and every file its `$ref`s
 * reach, each read once (JSON or YAML, told by the extension), relative
 * references resolved against the referring file. URLs are never fetched.
 */
export class DocumentSet {
  private readonly documents = new Map<string, SourceDocument>();
  /** Problems of reading each file, reported once, when the file is first referenced. */
  private readonly readProblems = new Map<string, SourceProblems>();
  private readonly reported = new Set<string>();
  /** Files referenced but absent: reported where they are referenced, not as a problem of their own. */
  private readonly missing = new Set<string>();

  private constructor(
    private readonly cwd: string,
    private readonly problems: SourceProblems,
  ) {}

  /**
   * Reads `entryPath` and, transitively, every file named by a `$ref` in
   * the files read (the file part of each reference). Problems of the entry
   * file go to `problems` at once; those of other files when a reference to
   * them is resolved.
   */
  static async load(
    entryPath: string,
    cwd: string,
    limits: Partial<SourceLimits> | undefined,
    problems: SourceProblems,
  ): Promise<{ set: DocumentSet; entry: SourceDocument }> {
    const set = new DocumentSet(cwd, problems);
    const entryAbsolute = path.resolve(cwd, entryPath);
    const queue = [entryAbsolute];
    while (queue.length > 0 && set.documents.size < MAX_DOCUMENTS) {
      const absolutePath = queue.shift()!;
      if (set.documents.has(absolutePath)) continue;
      const displayPath = set.display(absolutePath);
      if (absolutePath !== entryAbsolute && !(await exists(absolutePath))) {
        set.missing.add(absolutePath);
        set.documents.set(absolutePath, { absolutePath, displayPath });
        continue;
      }
      const parsed = await readSourceFile(absolutePath, displayPath, limits);
      const document: SourceDocument = parsed.root
        ? { absolutePath, displayPath, root: parsed.root }
        : { absolutePath, displayPath };
      set.documents.set(absolutePath, document);
      set.readProblems.set(absolutePath, parsed.problems);
      if (!parsed.root) continue;
      for (const ref of collectRefStrings(parsed.root)) {
        const file = refFilePart(ref);
        if (file === undefined || file === "" || URL_SCHEME.test(file) || file.startsWith("//"))
          continue;
        const target = path.resolve(path.dirname(absolutePath), file);
        // Only JSON and YAML files are read; a reference to anything else is refused where it is written.
        if (!set.documents.has(target) && syntaxOf(target) !== undefined) queue.push(target);
      }
    }
    set.reportReadProblems(entryAbsolute);
    return { set, entry: set.documents.get(entryAbsolute)! };
  }

  /** Every file read, in the order they were read. */
  all(): SourceDocument[] {
    return [...this.documents.values()];
  }

  private display(absolutePath: string): string {
    const relative = path.relative(this.cwd, absolutePath);
    return (relative === "" ? path.basename(absolutePath) : relative).split(path.sep).join("/");
  }

  private reportReadProblems(absolutePath: string): void {
    if (this.reported.has(absolutePath)) return;
    this.reported.add(absolutePath);
    const problems = this.readProblems.get(absolutePath);
    if (problems) this.problems.addAll(problems.sorted());
  }

  /**
   * Resolves a `$ref` string written in `from` at `at` (the pointer of the
   * referring object is `pointer`), reporting why when it cannot: a URL
   * (never fetched), a file that cannot be read, a fragment that is not a
   * JSON pointer, a pointer that leads nowhere. Given `missing` (how the
   * caller reads such a value), a pointer that leads nowhere in a file that
   * was read is a `missing-ref` warning saying so instead, and gives
   * `"missing"`.
   */
  resolve(ref: string, from: SourceDocument, at: Position, pointer: string): RefTarget | undefined;
  resolve(
    ref: string,
    from: SourceDocument,
    at: Position,
    pointer: string,
    missing: string | undefined,
  ): RefTarget | "missing" | undefined;
  resolve(
    ref: string,
    from: SourceDocument,
    at: Position,
    pointer: string,
    missing?: string,
  ): RefTarget | "missing" | undefined {
    const hash = ref.indexOf("#");
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);
    if (URL_SCHEME.test(filePart) || filePart.startsWith("//")) {
      const base = filePart.split("/").pop() || "file.yaml";
      this.problems.error(
        at,
        `$ref "${ref}" is a URL; URLs are never fetched: download the file next to this one and refer to the local copy (e.g. "./${base}${hash === -1 ? "" : `#${fragment}`}")`,
        pointer,
      );
      return undefined;
    }
    let document = from;
    if (filePart !== "") {
      let decoded: string;
      try {
        decoded = decodeURI(filePart);
      } catch {
        this.problems.error(
          at,
          `$ref "${ref}" has an invalid percent escape in its file name`,
          pointer,
        );
        return undefined;
      }
      const absolutePath = path.resolve(path.dirname(from.absolutePath), decoded);
      if (syntaxOf(absolutePath) === undefined) {
        this.problems.error(
          at,
          `$ref "${ref}": only .json, .yaml and .yml files are read`,
          pointer,
        );
        return undefined;
      }
      const found = this.documents.get(absolutePath);
      if (!found) {
        this.problems.error(
          at,
          `$ref "${ref}": the file ${this.display(absolutePath)} was not read (more than ${MAX_DOCUMENTS} files)`,
          pointer,
        );
        return undefined;
      }
      if (this.missing.has(absolutePath)) {
        this.problems.error(
          at,
          `$ref "${ref}": the file ${found.displayPath} does not exist`,
          pointer,
        );
        return undefined;
      }
      this.reportReadProblems(absolutePath);
      if (!found.root) {
        this.problems.error(
          at,
          `$ref "${ref}": the file ${found.displayPath} could not be read`,
          pointer,
        );
        return undefined;
      }
      document = found;
    }
    const segments = parsePointer(fragment);
    if (segments === undefined) {
      this.problems.error(
        at,
        `$ref "${ref}": the part after "#" must be a JSON pointer such as "#/components/schemas/Pet" (anchors are not supported)`,
        pointer,
      );
      return undefined;
    }
    if (!document.root) return undefined;
    const found = resolvePointer(document.root, segments);
    const normalised = formatPointer(segments);
    if (!found.found) {
      const message = `$ref "${ref}" leads nowhere: ${document.displayPath} has nothing at ${formatPointer(segments.slice(0, found.failedAt + 1))}`;
      if (missing === undefined) {
        this.problems.error(at, message, pointer);
        return undefined;
      }
      this.problems.warning(at, "missing-ref", `${message}; ${missing}`, pointer);
      return "missing";
    }
    return {
      document,
      node: found.node,
      pointer: normalised,
      key: `${document.absolutePath}${normalised}`,
    };
  }
}

async function exists(absolutePath: string): Promise<boolean> {
  try {
    await access(absolutePath);
    return true;
  } catch {
    return false;
  }
}

/** The file part of a reference (before `#`), or `undefined` for a reference that is not a string. */
function refFilePart(ref: string): string | undefined {
  const hash = ref.indexOf("#");
  return hash === -1 ? ref : ref.slice(0, hash);
}

/** Every string value of a `$ref` member anywhere in a tree (iteratively: trees may be deep). */
function collectRefStrings(root: JsonNode): string[] {
  const out: string[] = [];
  const stack: JsonNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === "object") {
      for (const member of node.members.values()) {
        if (member.key === "$ref" && member.value.kind === "string") out.push(member.value.value);
        else stack.push(member.value);
      }
    } else if (node.kind === "array") for (const item of node.items) stack.push(item);
  }
  return out;
}
