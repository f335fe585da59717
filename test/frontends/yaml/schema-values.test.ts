import path from "node:path";
import { describe, expect, it } from "vitest";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import type { Description } from "../../../generator/description/description.js";
import { MAX_SCHEMA_FILE_BYTES } from "../../../generator/frontends/yaml/load-schemas.js";
import { readYamlDescription } from "../../../generator/frontends/yaml/read-yaml.js";
import { SOAP_SERVICE, writeSchemas } from "../../helpers/temp-schemas.js";

/**
 * The schema language reads its files with the shared YAML reader and member
 * reader, and keeps its own rules for values: numbers as written where text
 * is meant, text that must be quoted, its own file size cap.
 */

async function read(files: Record<string, string>): Promise<{
  description: Description;
  problems: string[];
}> {
  const root = await writeSchemas({ "svc/service.yaml": SOAP_SERVICE, ...files });
  const diagnostics = new Diagnostics();
  const description = await readYamlDescription(
    { dir: path.join(root, "schemas"), cwd: root },
    diagnostics,
  );
  return { description, problems: diagnostics.sorted().map(formatDiagnostic) };
}

describe("values of the YAML schema language", () => {
  it("keeps numbers as written where text is meant: enum values, keys and constants such as 012", async () => {
    const { description, problems } = await read({
      "svc/types.yaml": [
        "types:",
        "  T:",
        "    fields:",
        "      - { name: code, type: string, const: 012 }",
        "      - { name: n, type: int, const: 12 }",
        "enums:",
        "  Kind:",
        "    values: [012, 7, 0x1F]",
        "  Band:",
        "    groups:",
        "      by: Kind",
        "      members:",
        "        012: [a]",
        "",
      ].join("\n"),
    });
    expect(problems).toEqual([]);
    const service = description.services[0]!;
    const fields = service.types.find((t) => t.name === "T")!.fields;
    expect(fields.map((f) => f.const?.value)).toEqual(["012", 12]);
    const enums = new Map(service.enums.map((e) => [e.name, e]));
    expect(enums.get("Kind")!.values.map((v) => v.value)).toEqual(["012", "7", "0x1F"]);
    expect(enums.get("Band")!.groups!.members.map((m) => m.group)).toEqual(["012"]);
  });

  it("asks for quotes where a number or boolean is written for text, at the value", async () => {
    const { problems } = await read({
      "svc/types.yaml":
        "types:\n  T:\n    fields:\n      - { name: x, type: 12 }\n      - { name: y, type: string, default: true }\n",
    });
    expect(problems).toEqual([
      "schemas/svc/types.yaml:4:26: type must be a string (quote it)",
      "schemas/svc/types.yaml:5:43: default must be a string (quote it)",
    ]);
  });

  it("reports an unknown key as an error with a suggestion, x- keys included", async () => {
    const { problems } = await read({
      "svc/types.yaml":
        "types:\n  T:\n    x-note: 1\n    feilds:\n      - { name: x, type: string }\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:3:5: unknown key "x-note" in type "T"',
      'schemas/svc/types.yaml:4:5: unknown key "feilds" in type "T"; did you mean "fields"?',
    ]);
  });

  it("reports a duplicate key once, at the second", async () => {
    const { problems } = await read({
      "svc/types.yaml": "types:\n  T:\n    fields: []\n    fields: []\n",
    });
    expect(problems).toEqual([
      'schemas/svc/types.yaml:4:5: duplicate key "fields" (first at line 3, column 5)',
    ]);
  });

  it("refuses a schema file over its own size cap before reading it", async () => {
    const { problems } = await read({
      "svc/big.yaml": `# ${"x".repeat(MAX_SCHEMA_FILE_BYTES)}\n`,
    });
    expect(problems).toEqual([
      `schemas/svc/big.yaml:1:1: file is ${MAX_SCHEMA_FILE_BYTES + 3} bytes; schema files may be at most ${MAX_SCHEMA_FILE_BYTES} bytes`,
    ]);
  });

  it("reads an empty file, or one of comments only, as declaring nothing", async () => {
    const { problems } = await read({ "svc/empty.yaml": "", "svc/notes.yaml": "# later\n" });
    expect(problems).toEqual([]);
  });
});
