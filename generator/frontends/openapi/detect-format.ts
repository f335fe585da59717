import type { JsonNode } from "../json/json-node.js";
import type { SourceProblems } from "../source/source-problem.js";
import type { ApiFormat } from "./openapi-model.js";

/** The format a document follows, and its version as written. */
export interface DetectedFormat {
  readonly format: ApiFormat;
  readonly version: string;
}

/** How messages name each format. */
export const FORMAT_NAMES: Readonly<Record<ApiFormat, string>> = {
  "swagger-2.0": "Swagger 2.0",
  "openapi-3.0": "OpenAPI 3.0",
  "openapi-3.1": "OpenAPI 3.1",
};

/** `a Swagger 2.0`, `an OpenAPI 3.0`: a format's name after an article. */
export function withArticle(format: ApiFormat): string {
  return `${format === "swagger-2.0" ? "a" : "an"} ${FORMAT_NAMES[format]}`;
}

/**
 * Recognises a document by its content: `swagger: "2.0"`, `openapi: 3.0.x`
 * or `openapi: 3.1.x` at the top. Anything else (another version, neither
 * key, both keys) is a positioned problem.
 */
export function detectFormat(
  root: JsonNode,
  file: string,
  problems: SourceProblems,
): DetectedFormat | undefined {
  if (root.kind !== "object") {
    problems.error(
      root.at,
      'an API description must be an object with "swagger" or "openapi" at the top',
      "#",
    );
    return undefined;
  }
  const swagger = root.members.get("swagger");
  const openapi = root.members.get("openapi");
  if (swagger && openapi) {
    problems.error(
      openapi.keyAt,
      'a document has either "swagger" (2.0) or "openapi" (3.x), not both',
      "#/openapi",
    );
    return undefined;
  }
  const member = swagger ?? openapi;
  if (!member) {
    problems.error(
      root.at,
      `${file} is not a Swagger 2.0 or OpenAPI 3.0/3.1 document: it has neither "swagger" nor "openapi" at the top`,
      "#",
    );
    return undefined;
  }
  const value = member.value;
  // A YAML author may leave the version unquoted (`swagger: 2.0`); it is still the version meant.
  const version =
    value.kind === "string" ? value.value : value.kind === "number" ? value.text : undefined;
  const pointer = `#/${member.key}`;
  if (version === undefined) {
    problems.error(
      value.at,
      `"${member.key}" must be a version string such as "${swagger ? "2.0" : "3.0.3"}"`,
      pointer,
    );
    return undefined;
  }
  if (swagger) {
    if (version === "2.0") return { format: "swagger-2.0", version };
    problems.error(
      value.at,
      `unsupported Swagger version "${version}": only "2.0" is read`,
      pointer,
    );
    return undefined;
  }
  if (/^3\.0\.\d+$/.test(version)) return { format: "openapi-3.0", version };
  if (/^3\.1\.\d+$/.test(version)) return { format: "openapi-3.1", version };
  problems.error(
    value.at,
    `unsupported OpenAPI version "${version}": 3.0.x and 3.1.x are read`,
    pointer,
  );
  return undefined;
}
