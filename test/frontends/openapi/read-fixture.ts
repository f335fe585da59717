import path from "node:path";
import { fileURLToPath } from "node:url";
import type {
  ApiDocument,
  NamedSchema,
} from "../../../generator/frontends/openapi/openapi-model.js";
import {
  readOpenApi,
  type ReadOpenApiResult,
} from "../../../generator/frontends/openapi/read-openapi.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The project's root folder (the one of `generator/generate.ts`'s
 * `PROJECT_ROOT`), found from this file so that these tests load only the
 * front end they test.
 */
export const PROJECT_ROOT = path.resolve(HERE, "..", "..", "..");

/** The fixtures of the OpenAPI front end's tests. */
export const FIXTURES = path.join(HERE, "fixtures");

/** Reads a fixture (a path below `fixtures/`), messages naming files relative to the project root. */
export function readFixture(name: string): Promise<ReadOpenApiResult> {
  return readOpenApi({ file: path.join(FIXTURES, name), cwd: PROJECT_ROOT });
}

/** A fixture's document; fails with every problem when there is one. */
export async function readFixtureDocument(name: string): Promise<ApiDocument> {
  const result = await readFixture(name);
  if (!result.document)
    throw new Error(
      `problems reading ${name}:\n${result.problems.map((p) => p.message).join("\n")}`,
    );
  return result.document;
}

/** A fixture's problems, as formatted messages, with the fixtures folder left out of file names. */
export async function fixtureProblems(name: string): Promise<string[]> {
  const result = await readFixture(name);
  const prefix = `${path.relative(PROJECT_ROOT, FIXTURES).split(path.sep).join("/")}/`;
  return result.problems.map((p) => p.message.split(prefix).join(""));
}

/** A fixture's warnings (where it is read approximately), as formatted messages, with the fixtures folder left out of file names. */
export async function fixtureWarnings(name: string): Promise<string[]> {
  const result = await readFixture(name);
  const prefix = `${path.relative(PROJECT_ROOT, FIXTURES).split(path.sep).join("/")}/`;
  return result.warnings.map((p) => p.message.split(prefix).join(""));
}

/** A named schema of a document, by name. */
export function schemaNamed(document: ApiDocument, name: string): NamedSchema {
  const found = document.schemas.find((s) => s.name === name);
  if (!found)
    throw new Error(
      `no schema ${name}; the schemas are ${document.schemas.map((s) => s.name).join(", ")}`,
    );
  return found;
}

/**
 * A copy without positions (`at`) and pointers, for comparing what a model
 * says with an expected object; positions and pointers are tested apart.
 */
export function withoutPlaces(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPlaces);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, withoutPlaces(v)]));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== "at" && k !== "pointer")
        .map(([k, v]) => [k, withoutPlaces(v)]),
    );
  }
  return value;
}
