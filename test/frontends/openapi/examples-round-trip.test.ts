import { readFile } from "node:fs/promises";
import path from "node:path";
import { Ajv } from "ajv";
import { parse as parseYaml } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../../generator/emit/emit-package.js";
import { sourceLimits } from "../../../generator/frontends/source/source-limits.js";
import { readJson } from "../../../generator/frontends/json/read-json.js";
import {
  canonicalJsonText,
  isJsonNumber,
  toJsonValue,
  type JsonValue,
} from "../../../generator/frontends/json/json-value.js";
import type { ApiDocument } from "../../../generator/frontends/openapi/openapi-model.js";
import { readOpenApi } from "../../../generator/frontends/openapi/read-openapi.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import type { RestOperation, Service } from "../../../generator/model/ir.js";
import type { ServiceNames } from "../../../generator/naming/names.js";
import { RUNTIME_DIR } from "../../../generator/project-paths.js";
import { HAS_SHARED_SPECS, sharedSpec } from "../../helpers/shared-specs.js";
import { writePackage } from "../../helpers/temp-package.js";

/**
 * Every example a contract carries for a body (a media type's `example` and
 * `examples`, 2.0 response `examples`) or for a named schema (`example`) is
 * checked against the contract's own schema by a JSON Schema validator (Ajv,
 * formats aside); each valid one is read with the generated JSON reader of
 * its type (keeping unknown data) and written back with the generated writer:
 * the same JSON value comes back, numbers compared by their exact decimal
 * value (their text kept, never a double). Examples the schema refuses are
 * listed below with the validator's reason, and examples of a schema that no
 * operation reads or writes (so no reader and writer are generated for it)
 * are listed too; both lists are compared whole, so they cannot go stale.
 */
const FIXTURES = path.join(PROJECT_ROOT, "test", "frontends", "openapi", "fixtures");

interface Contract {
  readonly file: string;
  readonly published: boolean;
  /** How many examples the contract carries for bodies and named schemas. */
  readonly count: number;
  /** Why the contract's schema refuses examples (the validator's message) → where they are (as the test names them). */
  readonly invalid: Readonly<Record<string, readonly string[]>>;
  /** Where an example is, for the examples of schemas with no reader and writer of their own. */
  readonly unread: readonly string[];
}

const CONTRACTS: readonly Contract[] = [
  {
    file: sharedSpec("cybersource-rest-spec.2020-02-17.json"),
    published: true,
    count: 93,
    // The error answers of the token operations have an array schema and examples that are objects
    // (`{"errors": [...]}`); the others hold a value of another type or size than their schema's.
    invalid: {
      "/: must be array": [
        "createInstrumentIdentifier 400 application/json;charset=utf-8 #1",
        "createInstrumentIdentifier 403 application/json;charset=utf-8 #1",
        "createInstrumentIdentifier 424 application/json;charset=utf-8 #1",
        "createInstrumentIdentifier 500 application/json;charset=utf-8 #1",
        "getInstrumentIdentifier 400 application/json;charset=utf-8 #1",
        "getInstrumentIdentifier 403 application/json;charset=utf-8 #1",
        "getInstrumentIdentifier 404 application/json;charset=utf-8 #1",
        "getInstrumentIdentifier 410 application/json;charset=utf-8 #1",
        "getInstrumentIdentifier 424 application/json;charset=utf-8 #1",
        "getInstrumentIdentifier 500 application/json;charset=utf-8 #1",
        "deleteInstrumentIdentifier 403 application/json;charset=utf-8 #1",
        "deleteInstrumentIdentifier 404 application/json;charset=utf-8 #1",
        "deleteInstrumentIdentifier 409 application/json;charset=utf-8 #1",
        "deleteInstrumentIdentifier 410 application/json;charset=utf-8 #1",
        "deleteInstrumentIdentifier 424 application/json;charset=utf-8 #1",
        "deleteInstrumentIdentifier 500 application/json;charset=utf-8 #1",
        "updateInstrumentIdentifier 400 application/json;charset=utf-8 #1",
        "updateInstrumentIdentifier 400 application/json;charset=utf-8 #2",
        "updateInstrumentIdentifier 400 application/json;charset=utf-8 #3",
        "updateInstrumentIdentifier 400 application/json;charset=utf-8 #4",
        "updateInstrumentIdentifier 403 application/json;charset=utf-8 #1",
        "updateInstrumentIdentifier 404 application/json;charset=utf-8 #1",
        "updateInstrumentIdentifier 410 application/json;charset=utf-8 #1",
        "updateInstrumentIdentifier 424 application/json;charset=utf-8 #1",
        "updateInstrumentIdentifier 500 application/json;charset=utf-8 #1",
        "getAllPaymentInstruments 400 application/json;charset=utf-8 #1",
        "getAllPaymentInstruments 403 application/json;charset=utf-8 #1",
        "getAllPaymentInstruments 404 application/json;charset=utf-8 #1",
        "getAllPaymentInstruments 410 application/json;charset=utf-8 #1",
        "getAllPaymentInstruments 424 application/json;charset=utf-8 #1",
        "getAllPaymentInstruments 500 application/json;charset=utf-8 #1",
        "createPaymentInstrument 400 application/json;charset=utf-8 #1",
        "createPaymentInstrument 400 application/json;charset=utf-8 #2",
        "createPaymentInstrument 400 application/json;charset=utf-8 #3",
        "createPaymentInstrument 400 application/json;charset=utf-8 #4",
        "createPaymentInstrument 400 application/json;charset=utf-8 #5",
        "createPaymentInstrument 403 application/json;charset=utf-8 #1",
        "createPaymentInstrument 424 application/json;charset=utf-8 #1",
        "createPaymentInstrument 500 application/json;charset=utf-8 #1",
        "getPaymentInstrument 400 application/json;charset=utf-8 #1",
        "getPaymentInstrument 403 application/json;charset=utf-8 #1",
        "getPaymentInstrument 404 application/json;charset=utf-8 #1",
        "getPaymentInstrument 410 application/json;charset=utf-8 #1",
        "getPaymentInstrument 424 application/json;charset=utf-8 #1",
        "getPaymentInstrument 500 application/json;charset=utf-8 #1",
        "deletePaymentInstrument 403 application/json;charset=utf-8 #1",
        "deletePaymentInstrument 404 application/json;charset=utf-8 #1",
        "deletePaymentInstrument 410 application/json;charset=utf-8 #1",
        "deletePaymentInstrument 424 application/json;charset=utf-8 #1",
        "deletePaymentInstrument 500 application/json;charset=utf-8 #1",
        "updatePaymentInstrument 400 application/json;charset=utf-8 #1",
        "updatePaymentInstrument 400 application/json;charset=utf-8 #2",
        "updatePaymentInstrument 400 application/json;charset=utf-8 #3",
        "updatePaymentInstrument 400 application/json;charset=utf-8 #4",
        "updatePaymentInstrument 400 application/json;charset=utf-8 #5",
        "updatePaymentInstrument 403 application/json;charset=utf-8 #1",
        "updatePaymentInstrument 404 application/json;charset=utf-8 #1",
        "updatePaymentInstrument 410 application/json;charset=utf-8 #1",
        "updatePaymentInstrument 424 application/json;charset=utf-8 #1",
        "updatePaymentInstrument 500 application/json;charset=utf-8 #1",
      ],
      "/processingInformation/authorizationOptions/initiator/merchantInitiatedTransaction/previousTransactionId: must be string":
        ["updateInstrumentIdentifier 200 application/json;charset=utf-8 #1"],
      "/_embedded/instrumentIdentifier/issuer/paymentAccountReference: must NOT have fewer than 29 characters":
        ["getPaymentInstrument 200 application/json;charset=utf-8 #1"],
      "/: must have required property 'submitTimeUtc'": [
        "getPurchaseAndRefundDetails 500 application/hal+json #1",
        "getNetFundingDetails 500 application/hal+json #1",
      ],
      "/correlationId: must be string": [
        "getFileDetail 400 application/hal+json #1",
        "getFileDetail 401 application/hal+json #1",
        "getFileDetail 404 application/hal+json #1",
        "getFileDetail 500 application/hal+json #1",
      ],
      "/save: must be boolean": [
        "schema CreateSearchRequest #1",
        "schema TssV2TransactionsPost201Response #1",
      ],
      "/merchantInformation/transactionLocalDateTime: must be string": [
        "schema IncrementAuthRequest #1",
      ],
      "/consumerAuthenticationInformation/eciRaw: must NOT have more than 2 characters": [
        "schema TssV2TransactionsGet200Response #1",
      ],
    },
    // A string schema: it has no reader of its own (the fields that use it read it).
    unread: ["schema ExistingInstrumentIdentifierId #1"],
  },
  {
    file: sharedSpec("paypal-checkout-orders-v2.2024-02-02.json"),
    published: true,
    count: 6,
    invalid: {},
    // An error schema no operation's answer uses.
    unread: ["schema error_503 #1"],
  },
  // The card-payments API carries no example (nor do the WSDL and the XSD).
  {
    file: sharedSpec("stripe-spec3.2022-04-12.json"),
    published: true,
    count: 0,
    invalid: {},
    unread: [],
  },
  ...["operations/openapi-3.0.yaml", "operations/swagger-2.0.yaml"].map((f) => ({
    file: path.join(FIXTURES, f),
    published: false,
    count: 1,
    invalid: {},
    unread: [],
  })),
  {
    file: path.join(FIXTURES, "schemas/values-3.0.yaml"),
    published: false,
    count: 2,
    invalid: {},
    // A string and a number schema: no reader of their own.
    unread: ["schema Currency #1", "schema Price #1"],
  },
];

/** An example and the model type that reads it. */
interface Example {
  readonly where: string;
  readonly type: string;
  readonly value: JsonValue;
  /** The JSON pointer of its schema in the contract. */
  readonly schema: string;
}

/** JSON text of a value, numbers as written. */
function jsonText(value: JsonValue): string {
  if (value === null || typeof value === "boolean" || typeof value === "string")
    return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value instanceof Map)
    return `{${[...value].map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
  if (isJsonNumber(value)) return value.number;
  throw new Error("not a JSON value");
}

/** Where two JSON values first differ (numbers by exact value, members in any order), or undefined when they are equal. */
function firstDifference(a: JsonValue, b: JsonValue, at = ""): string | undefined {
  if (a instanceof Map && b instanceof Map) {
    for (const key of new Set([...a.keys(), ...b.keys()])) {
      if (!b.has(key)) return `${at}/${key} dropped`;
      if (!a.has(key)) return `${at}/${key} added`;
      const inner = firstDifference(a.get(key)!, b.get(key)!, `${at}/${key}`);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (const [i, item] of a.entries()) {
      const inner = firstDifference(item, b[i]!, `${at}/${i}`);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  const [x, y] = [canonicalJsonText(a), canonicalJsonText(b)];
  return x === y ? undefined : `${at || "/"}: ${x.slice(0, 120)} became ${y.slice(0, 120)}`;
}

/**
 * The document with Swagger 2.0 and OpenAPI 3.0 bounds (`minimum` with a
 * boolean `exclusiveMinimum`) in the form of the JSON Schema the validator
 * reads (a number `exclusiveMinimum`); the same bounds.
 */
function withNumericExclusiveBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNumericExclusiveBounds);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = withNumericExclusiveBounds(inner);
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const)
    if (typeof out[exclusive] === "boolean") {
      if (out[exclusive] === true) out[exclusive] = out[bound];
      else delete out[exclusive];
      if (out[exclusive] !== undefined) delete out[bound];
    }
  return out;
}

/** The examples of a document, each with the model type of what it shows. */
function examplesOf(document: ApiDocument, service: Service): Example[] {
  const out: Example[] = [];
  const isJson = (mediaType: string) => /[/+]json\b/i.test(mediaType);
  for (const op of document.operations) {
    const modelled = (service.operations as RestOperation[]).find(
      (o) => o.httpMethod === op.method.toUpperCase() && o.path === op.path,
    );
    if (modelled === undefined)
      throw new Error(`no operation ${op.method} ${op.path} in the model`);
    for (const content of op.requestBody?.content ?? [])
      if (isJson(content.mediaType) && content.schema !== undefined)
        content.examples.forEach((value, i) =>
          out.push({
            where: `${op.name} request ${content.mediaType} #${i + 1}`,
            type: modelled.requestType ?? "",
            value,
            schema: content.schema!.pointer,
          }),
        );
    for (const response of op.responses) {
      const status = Number(response.status);
      const type =
        status >= 200 && status < 300
          ? modelled.responseType
          : (modelled.errorTypes?.find((e) => e.status === status)?.type ??
            modelled.errorTypes?.find((e) => e.status === "default")?.type ??
            modelled.errorType);
      for (const content of response.content)
        if (isJson(content.mediaType) && content.schema !== undefined)
          content.examples.forEach((value, i) =>
            out.push({
              where: `${op.name} ${response.status} ${content.mediaType} #${i + 1}`,
              type: type ?? "",
              value,
              schema: content.schema!.pointer,
            }),
          );
    }
  }
  for (const named of document.schemas)
    (named.schema.examples ?? []).forEach((value, i) =>
      out.push({
        where: `schema ${named.name} #${i + 1}`,
        type: named.name,
        value,
        schema: named.schema.pointer,
      }),
    );
  return out;
}

describe.each(CONTRACTS)("the examples of $file", ({ file, published, count, invalid, unread }) => {
  const present = !published || HAS_SHARED_SPECS;
  let examples: Example[] = [];
  let service: Service;
  let names: ServiceNames;
  let modules: Record<string, unknown>[] = [];
  const ajv = new Ajv({ strict: false, validateFormats: false, unicodeRegExp: false });

  beforeAll(async () => {
    if (!present) return;
    const { document, problems } = await readOpenApi({ file, cwd: PROJECT_ROOT });
    expect(problems).toEqual([]);
    const { model, files } = await generate({ schemasDir: "", from: [file], cwd: PROJECT_ROOT });
    service = model.services[0]!;
    names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
    const pkg = await writePackage(files);
    modules = [await pkg.load(service.name, "index"), await pkg.load(service.name, "server")];
    examples = examplesOf(document!, service);
    const text = await readFile(file, "utf8");
    ajv.addSchema(
      withNumericExclusiveBounds(
        file.endsWith(".json") ? JSON.parse(text) : parseYaml(text),
      ) as object,
      "contract",
    );
  }, 300_000);

  /** An exported function of the client or server entry. */
  const exported = (name: string) =>
    modules.map((m) => m[name]).find((f) => typeof f === "function") as
      ((value: unknown, options?: object) => unknown) | undefined;

  /** Why the contract's schema refuses an example, or undefined when it accepts it. */
  function refusal(example: Example): string | undefined {
    const fragment = example.schema
      .slice(1)
      .split("/")
      .map((segment) => encodeURIComponent(segment))
      .join("/");
    const validate = ajv.compile({ $ref: `contract#${fragment}` });
    if (validate(JSON.parse(jsonText(example.value)))) return undefined;
    const [first] = validate.errors ?? [];
    return `${first?.instancePath || "/"}: ${first?.message ?? "refused"}`;
  }

  /** What came of an example: "same", "unread" (no reader and writer of its type), or what went wrong. */
  function roundTrip(example: Example): string {
    const type = service.types.find((t) => t.name === example.type);
    if (type === undefined) return "unread";
    const read = exported(names.get("parser", type.name));
    const write = exported(names.get("serializer", type.name));
    if (read === undefined || write === undefined) return "unread";
    let written: string;
    try {
      written = write(read(jsonText(example.value), { onUnknown: "keep" })) as string;
    } catch (error) {
      const e = error as { path?: string; message?: string };
      return `refused: ${e.message ?? String(error)}`;
    }
    const back = readJson(written, "written", sourceLimits("json")).root;
    if (back === undefined) return `written text is not JSON: ${written.slice(0, 200)}`;
    const difference = firstDifference(example.value, toJsonValue(back));
    return difference === undefined ? "same" : `changed: ${difference}`;
  }

  it.skipIf(!present)("round-trips every valid example; the others are listed", () => {
    const wrong: string[] = [];
    const refused: Record<string, string[]> = {};
    const noReader: string[] = [];
    let same = 0;
    for (const example of examples) {
      const why = refusal(example);
      if (why !== undefined) {
        (refused[why] ??= []).push(example.where);
        continue;
      }
      const result = roundTrip(example);
      if (result === "same") same++;
      else if (result === "unread") noReader.push(example.where);
      else wrong.push(`${example.where} (${example.type}): ${result}`);
    }
    console.log(
      `${path.basename(file)}: ${examples.length} examples: ${same} valid ones round-trip, ${Object.values(refused).flat().length} refused by the contract's schema, ${noReader.length} of schemas without a reader`,
    );
    expect(examples.length).toBe(count);
    expect(wrong).toEqual([]);
    expect(refused).toEqual(invalid);
    expect(noReader).toEqual(unread);
  });
});
