import type { JsonNode } from "../json/json-node.js";

/** One schema file read into positioned nodes (the shared reader of YAML text, `../json/read-yaml-nodes.ts`). */
export interface SchemaFile {
  /** Path shown to users: relative to the working directory, `/` separators. */
  readonly displayPath: string;
  /** Path relative to the schemas folder, e.g. `payments/flows.yaml`. */
  readonly relativePath: string;
  /** The service folder the file belongs to, or undefined for a top-level file. */
  readonly service: string | undefined;
  /** The file's value, each node with its position; absent when the file declares nothing (empty, or only comments). */
  readonly root?: JsonNode;
}
