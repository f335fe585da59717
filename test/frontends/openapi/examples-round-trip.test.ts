import { readFile } from "node:fs/promises";
import path from "node:path";
import { Ajv } from "ajv";
import { parse as parseYaml } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { packageNames } from "../../../generator/emit/emit-package.js";
import type { JsonNode } from "../../../generator/frontends/json/json-node.js";
import { sourceLimits } from "../../../generator/frontends/source/source-limits.js";
import { readJson } from "../../../generator/frontends/json/read-json.js";
import { readSourceText, syntaxOf } from "../../../generator/frontends/json/read-source.js";
import {
  canonicalJsonText,
  isJsonNumber,
  toJsonValue,
  type JsonValue,
} from "../../../generator/frontends/json/json-value.js";
import type {
  ApiDocument,
  MediaContent,
  Schema,
} from "../../../generator/frontends/openapi/openapi-model.js";
import { readOpenApi } from "../../../generator/frontends/openapi/read-openapi.js";
import { generate, PROJECT_ROOT } from "../../../generator/generate.js";
import type { RestOperation, Service } from "../../../generator/model/ir.js";
import type { ServiceNames } from "../../../generator/naming/names.js";
import { RUNTIME_DIR } from "../../../generator/project-paths.js";
import { HAS_SHARED_SPECS, sharedSpec } from "../../helpers/shared-specs.js";
import { writePackage } from "../../helpers/temp-package.js";
import {
  Assembler,
  innerExamples,
  placements,
  type InnerExample,
  type Root,
} from "./property-examples.js";

/**
 * Every example a contract carries is checked against the contract's own
 * schema for it by a JSON Schema validator (Ajv, formats aside), and each
 * valid one is read with a generated JSON reader and written back with the
 * generated writer: the same JSON value must come back, numbers compared by
 * their exact decimal value (their text kept, never a double). A value is
 * first read with `onUnknown: "reject"`, so every property goes through a
 * field of its type; one its type refuses so is read again keeping what the
 * type does not name, and is listed (`unnamed`): it holds properties its
 * schema does not define.
 *
 * Body and named-schema examples (a media type's `example`/`examples`, 2.0
 * response `examples`, a named schema's `example`) are read whole by the
 * reader of their type.
 *
 * Examples written inside a schema (on a property, a list's items, a use of a
 * named schema; `example`, 3.1 `examples`, 2.0 `x-example`) are each checked
 * against the schema they are written on. A valid one is read in a body: the
 * first body (requests and answers in document order, then named schemas)
 * whose type has a reader and a writer and holds the example's schema gets a
 * value assembled around the example, which is read and written whole. That
 * value puts the example where its schema is; every other schema stands for
 * its first valid example, an object without one for the properties that
 * have one, a list for one item; a required property with no example gets
 * the simplest value of its type (its default or first enum value, "", 0,
 * false, an empty list or object). So each example goes through the very
 * field reader and writer its place in the contract gets, next to realistic
 * neighbours. An inline schema written identically in several places is one
 * type: the examples of its other places are read from the contract at
 * their own position, checked against their own schema there, and placed
 * where the type is. Parameter and header examples are checked against their
 * schema only (no JSON reader reads them); they are counted.
 *
 * Examples a schema refuses are listed with the validator's reason, grouped
 * by reason; examples of schemas no reader reaches and those holding
 * unnamed properties are listed too; all lists are compared whole, so they
 * cannot go stale.
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
  /** Where an example is, for valid examples that hold properties their type does not name (they round-trip kept beside the typed value). */
  readonly unnamed: readonly string[];
  /** The examples written inside schemas (on a property, an item, a use of a named schema) and on parameters and headers. */
  readonly inner: InnerFigures;
}

interface InnerFigures {
  readonly count: number;
  /** Why an example's own schema refuses it → where the examples are (their schema's JSON pointer, `#n` among its examples). */
  readonly invalid: Readonly<Record<string, readonly string[]>>;
  /** Valid examples inside schemas that no body of a type with a reader and writer holds. */
  readonly unread: readonly string[];
  /** Valid examples that hold properties their type does not name. */
  readonly unnamed: readonly string[];
  /** Valid examples of parameters and headers (checked against their schema only: no JSON reader reads them). */
  readonly parameters: number;
}

const NO_INNER: InnerFigures = { count: 0, invalid: {}, unread: [], unnamed: [], parameters: 0 };

const CONTRACTS: readonly Contract[] = [
  {
    file: sharedSpec("cybersource-rest-spec.2020-02-17.json"),
    published: true,
    count: 94,
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
    // Answers whose examples show properties their schema lacks (`statusInformation`,
    // `payoutsOptions`, ...), and the x-example of the capture request: a map of named examples
    // (`{example0: {summary, value}}`), not a value, which the open request schema accepts.
    unnamed: [
      "createInstrumentIdentifier 200 application/json;charset=utf-8 #1",
      "schema CapturePaymentRequest #2",
      "schema OctCreatePaymentRequest #1",
      "schema PtsV2CreditsPost201Response #1",
      "schema PtsV2PaymentsCapturesPost201Response #1",
      "schema PtsV2PaymentsPost201Response #1",
      "schema PtsV2PaymentsRefundPost201Response #1",
      "schema PtsV2PaymentsReversalsPost201Response #1",
      "schema PtsV2PaymentsVoidsPost201Response #1",
    ],
    // Examples on properties and items; most are valid. The refused ones: tax ids longer than their
    // maxLength, account references shorter than their minLength, numbers where the schema says
    // string, and a search answer (written like CreateSearchRequest's) whose `save` is a string.
    // Links of schemas no operation's body uses are not read.
    inner: {
      count: 1031,
      invalid: {
        "/: must NOT have more than 9 characters": [
          "#/definitions/BuyerInformation/properties/companyTaxID #1",
          "#/paths/~1tms~1v1~1instrumentidentifiers~1{tokenId}~1paymentinstruments/get/responses/200/schema/properties/_embedded/properties/paymentInstruments/items/properties/buyerInformation/properties/companyTaxID #1",
          "#/paths/~1tms~1v1~1paymentinstruments/post/parameters/1/schema/properties/buyerInformation/properties/companyTaxID #1",
          "#/paths/~1tms~1v1~1paymentinstruments/post/responses/201/schema/properties/buyerInformation/properties/companyTaxID #1",
          "#/paths/~1tms~1v1~1paymentinstruments~1{tokenId}/get/responses/200/schema/properties/buyerInformation/properties/companyTaxID #1",
          "#/paths/~1tms~1v1~1paymentinstruments~1{tokenId}/patch/parameters/2/schema/properties/buyerInformation/properties/companyTaxID #1",
          "#/paths/~1tms~1v1~1paymentinstruments~1{tokenId}/patch/responses/200/schema/properties/buyerInformation/properties/companyTaxID #1",
          "#/definitions/PaymentInstrument/properties/buyerInformation/properties/companyTaxID #1",
          "#/definitions/PaymentInstrumentInstrumentIdentifierRequest/properties/buyerInformation/properties/companyTaxID #1",
          "#/definitions/PaymentInstrumentsForInstrumentIdentifier/properties/_embedded/properties/paymentInstruments/items/properties/buyerInformation/properties/companyTaxID #1",
          "#/definitions/PaymentInstrumentsArray/items/properties/buyerInformation/properties/companyTaxID #1",
        ],
        "/: must NOT have fewer than 29 characters": [
          "#/definitions/Issuer/properties/paymentAccountReference #1",
          "#/paths/~1tms~1v1~1instrumentidentifiers/post/responses/200/schema/properties/issuer/properties/paymentAccountReference #1",
          "#/paths/~1tms~1v1~1instrumentidentifiers/post/responses/201/schema/properties/issuer/properties/paymentAccountReference #1",
          "#/paths/~1tms~1v1~1instrumentidentifiers~1{tokenId}/get/responses/200/schema/properties/issuer/properties/paymentAccountReference #1",
          "#/paths/~1tms~1v1~1instrumentidentifiers~1{tokenId}/patch/responses/200/schema/properties/issuer/properties/paymentAccountReference #1",
          "#/paths/~1tms~1v1~1instrumentidentifiers~1{tokenId}~1paymentinstruments/get/responses/200/schema/properties/_embedded/properties/paymentInstruments/items/properties/_embedded/properties/instrumentIdentifier/properties/issuer/properties/paymentAccountReference #1",
          "#/paths/~1tms~1v1~1paymentinstruments/post/responses/201/schema/properties/_embedded/properties/instrumentIdentifier/properties/issuer/properties/paymentAccountReference #1",
          "#/paths/~1tms~1v1~1paymentinstruments~1{tokenId}/get/responses/200/schema/properties/_embedded/properties/instrumentIdentifier/properties/issuer/properties/paymentAccountReference #1",
          "#/paths/~1tms~1v1~1paymentinstruments~1{tokenId}/patch/responses/200/schema/properties/_embedded/properties/instrumentIdentifier/properties/issuer/properties/paymentAccountReference #1",
          "#/definitions/InstrumentIdentifierResponse/properties/issuer/properties/paymentAccountReference #1",
          "#/definitions/PaymentInstrument/properties/_embedded/properties/instrumentIdentifier/properties/issuer/properties/paymentAccountReference #1",
          "#/definitions/EmbeddedInstrumentIdentifierResponse/properties/issuer/properties/paymentAccountReference #1",
          "#/definitions/PaymentInstrumentsForInstrumentIdentifier/properties/_embedded/properties/paymentInstruments/items/properties/_embedded/properties/instrumentIdentifier/properties/issuer/properties/paymentAccountReference #1",
          "#/definitions/PaymentInstrumentsArray/items/properties/_embedded/properties/instrumentIdentifier/properties/issuer/properties/paymentAccountReference #1",
        ],
        "/: must be string": [
          "#/paths/~1pts~1v1~1transaction-batches/get/responses/200/schema/properties/transactionBatches/items/properties/rejectedTransactionCount #1",
          "#/paths/~1pts~1v1~1transaction-batches~1{id}/get/responses/200/schema/properties/rejectedTransactionCount #1",
          "#/paths/~1reporting~1v3~1report-definitions~1{reportDefinitionName}/get/responses/200/schema/properties/attributes/items/properties/supportedType #1",
        ],
        "/save: must be boolean": [
          "#/paths/~1tss~1v2~1searches~1{searchId}/get/responses/200/schema #1",
        ],
      },
      unread: [
        "#/definitions/409Link/properties/href #1",
        "#/definitions/InstrumentIdentifierPaymentInstrumentsLink/properties/href #1",
        "#/definitions/PIForIILinkFirst/properties/href #1",
        "#/definitions/PIForIILinkLast/properties/href #1",
        "#/definitions/PIForIILinkNext/properties/href #1",
        "#/definitions/PIForIILinkPrev/properties/href #1",
        "#/definitions/PIForIILinkSelf/properties/href #1",
      ],
      unnamed: [
        "#/paths/~1pts~1v2~1captures~1{id}~1refunds/post/responses/201/schema #1",
        "#/paths/~1pts~1v2~1reversals~1/post/responses/201/schema #1",
        "#/paths/~1pts~1v2~1captures~1{id}~1voids/post/responses/201/schema #1",
        "#/paths/~1pts~1v2~1refunds~1{id}~1voids/post/responses/201/schema #1",
        "#/paths/~1pts~1v2~1credits~1{id}~1voids/post/responses/201/schema #1",
        "#/paths/~1pts~1v2~1voids~1/post/responses/201/schema #1",
      ],
      parameters: 0,
    },
  },
  {
    file: sharedSpec("paypal-checkout-orders-v2.2024-02-02.json"),
    published: true,
    count: 6,
    invalid: {},
    // An error schema no operation's answer uses.
    unread: ["schema error_503 #1"],
    // Requests whose examples show `payment_method_selected`, which the experience context lacks.
    unnamed: [
      "orders.create request application/json #1",
      "orders.confirm request application/json #1",
    ],
    inner: NO_INNER,
  },
  // The card-payments API carries no example (nor do the WSDL and the XSD).
  {
    file: sharedSpec("stripe-spec3.2022-04-12.json"),
    published: true,
    count: 0,
    invalid: {},
    unread: [],
    unnamed: [],
    inner: NO_INNER,
  },
  {
    file: path.join(FIXTURES, "operations/openapi-3.0.yaml"),
    published: false,
    count: 1,
    invalid: {},
    unread: [],
    unnamed: [],
    // A query parameter's example.
    inner: { ...NO_INNER, count: 1, parameters: 1 },
  },
  {
    file: path.join(FIXTURES, "operations/swagger-2.0.yaml"),
    published: false,
    count: 1,
    invalid: {},
    unread: [],
    unnamed: [],
    inner: NO_INNER,
  },
  {
    file: path.join(FIXTURES, "examples/property-examples-2.0.yaml"),
    published: false,
    count: 0,
    invalid: {},
    unread: [],
    unnamed: [],
    // Examples (and x-examples) on properties, nested objects, list items, a header and a query
    // parameter; the answer's amount is written like the request's, so it is one type, its examples
    // read at their own place. A required property with no example (`reference`) is filled.
    inner: {
      count: 15,
      invalid: {
        "/: must be <= 100": ["#/paths/~1payments/post/parameters/1 #1"],
        "/: must NOT have more than 4 characters": [
          "#/paths/~1payments/post/parameters/2/schema/properties/card/properties/expiry #1",
        ],
      },
      unread: ["#/definitions/Unused/properties/note #1"],
      unnamed: [],
      parameters: 1,
    },
  },
  {
    file: path.join(FIXTURES, "schemas/values-3.0.yaml"),
    published: false,
    count: 2,
    invalid: {},
    // A string and a number schema: no reader of their own.
    unread: ["schema Currency #1", "schema Price #1"],
    unnamed: [],
    inner: NO_INNER,
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

/** A JSON body of an operation: where it is (as the test names it), the model type that reads it, and its content. */
interface Body {
  readonly where: string;
  readonly type: string;
  readonly content: MediaContent & { readonly schema: Schema };
}

/** The JSON bodies of a document's operations that have a schema, each with its model type. */
function bodiesOf(document: ApiDocument, service: Service): Body[] {
  const out: Body[] = [];
  const isJson = (mediaType: string) => /[/+]json\b/i.test(mediaType);
  const add = (where: string, type: string | undefined, content: MediaContent) => {
    if (isJson(content.mediaType) && content.schema !== undefined)
      out.push({
        where: `${where} ${content.mediaType}`,
        type: type ?? "",
        content: { ...content, schema: content.schema },
      });
  };
  for (const op of document.operations) {
    const modelled = (service.operations as RestOperation[]).find(
      (o) => o.httpMethod === op.method.toUpperCase() && o.path === op.path,
    );
    if (modelled === undefined)
      throw new Error(`no operation ${op.method} ${op.path} in the model`);
    for (const content of op.requestBody?.content ?? [])
      add(`${op.name} request`, modelled.requestType, content);
    for (const response of op.responses) {
      const status = Number(response.status);
      const type =
        status >= 200 && status < 300
          ? modelled.responseType
          : (modelled.errorTypes?.find((e) => e.status === status)?.type ??
            modelled.errorTypes?.find((e) => e.status === "default")?.type ??
            modelled.errorType);
      for (const content of response.content) add(`${op.name} ${response.status}`, type, content);
    }
  }
  return out;
}

/** The examples of a document's bodies and named schemas, each with the model type of what it shows. */
function examplesOf(document: ApiDocument, service: Service): Example[] {
  const out: Example[] = bodiesOf(document, service).flatMap(({ where, type, content }) =>
    content.examples.map((value, i) => ({
      where: `${where} #${i + 1}`,
      type,
      value,
      schema: content.schema.pointer,
    })),
  );
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

describe.each(CONTRACTS)("the examples of $file", (contract) => {
  const { file, published } = contract;
  const present = !published || HAS_SHARED_SPECS;
  let examples: Example[] = [];
  let document: ApiDocument;
  let source: JsonNode;
  let service: Service;
  let names: ServiceNames;
  let modules: Record<string, unknown>[] = [];
  const ajv = new Ajv({ strict: false, validateFormats: false, unicodeRegExp: false });

  beforeAll(async () => {
    if (!present) return;
    const read = await readOpenApi({ file, cwd: PROJECT_ROOT });
    expect(read.problems).toEqual([]);
    document = read.document!;
    const { model, files } = await generate({
      schemasDir: "",
      from: [file],
      cwd: PROJECT_ROOT,
      server: true,
    });
    service = model.services[0]!;
    names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
    const pkg = await writePackage(files);
    modules = [await pkg.load(service.name, "index"), await pkg.load(service.name, "server")];
    examples = examplesOf(document, service);
    const text = await readFile(file, "utf8");
    source = readSourceText(text, file, syntaxOf(file)!).root!;
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

  const validators = new Map<string, (value: unknown) => boolean>();
  /** The validator of the contract's schema at a JSON pointer (a 2.0 parameter's: the object less its parameter keys). */
  function validatorAt(pointer: string): ReturnType<typeof ajv.compile> {
    const fragment = pointer
      .slice(1)
      .split("/")
      .map((segment) => encodeURIComponent(segment))
      .join("/");
    const node = ajv.getSchema(`contract#${fragment}`)?.schema as
      Record<string, unknown> | undefined;
    if (node !== undefined && typeof node["in"] === "string" && typeof node["name"] === "string") {
      const {
        name: _n,
        in: _i,
        required: _r,
        collectionFormat: _c,
        allowEmptyValue: _a,
        ...schema
      } = node;
      return ajv.compile(schema);
    }
    return ajv.compile({ $ref: `contract#${fragment}` });
  }

  /** Why the contract's schema at a pointer refuses a value, or undefined when it accepts it. */
  function refusal(pointer: string, value: JsonValue): string | undefined {
    const validate =
      (validators.get(pointer) as ReturnType<typeof ajv.compile> | undefined) ??
      validatorAt(pointer);
    validators.set(pointer, validate);
    if (validate(JSON.parse(jsonText(value)))) return undefined;
    const [first] = validate.errors ?? [];
    return `${first?.instancePath || "/"}: ${first?.message ?? "refused"}`;
  }

  /** The generated reader and writer of a model type, when the package has both. */
  function readerAndWriter(typeName: string) {
    const type = service.types.find((t) => t.name === typeName);
    if (type === undefined) return undefined;
    const read = exported(names.get("parser", type.name));
    const write = exported(names.get("serializer", type.name));
    return read === undefined || write === undefined ? undefined : { read, write };
  }

  /** What came of a value read and written by a type's reader and writer: "same", "unread" (no reader and writer of its type), or what went wrong. */
  function roundTrip(typeName: string, value: JsonValue, onUnknown: "keep" | "reject"): string {
    const { read, write } = readerAndWriter(typeName) ?? {};
    if (read === undefined || write === undefined) return "unread";
    let written: string;
    try {
      written = write(read(jsonText(value), { onUnknown })) as string;
    } catch (error) {
      const e = error as { path?: string; message?: string };
      return `refused: ${e.message ?? String(error)}`;
    }
    const back = readJson(written, "written", sourceLimits("json")).root;
    if (back === undefined) return `written text is not JSON: ${written.slice(0, 200)}`;
    const difference = firstDifference(value, toJsonValue(back));
    return difference === undefined ? "same" : `changed: ${difference}`;
  }

  /**
   * What came of a value: "same" when it round-trips with every property
   * read by the type's own fields (`onUnknown: "reject"`), "kept" when it
   * round-trips only keeping properties its type does not name, "unread", or
   * what went wrong.
   */
  function outcome(typeName: string, value: JsonValue): string {
    const strict = roundTrip(typeName, value, "reject");
    if (!strict.startsWith("refused: ")) return strict;
    const kept = roundTrip(typeName, value, "keep");
    return kept === "same" ? "kept" : kept;
  }

  it.skipIf(!present)(
    "round-trips every valid body and named-schema example; the others are listed",
    () => {
      const wrong: string[] = [];
      const refused: Record<string, string[]> = {};
      const noReader: string[] = [];
      const kept: string[] = [];
      let same = 0;
      for (const example of examples) {
        const why = refusal(example.schema, example.value);
        if (why !== undefined) {
          (refused[why] ??= []).push(example.where);
          continue;
        }
        const result = outcome(example.type, example.value);
        if (result === "same") same++;
        else if (result === "kept") kept.push(example.where);
        else if (result === "unread") noReader.push(example.where);
        else wrong.push(`${example.where} (${example.type}): ${result}`);
      }
      console.log(
        `${path.basename(file)}: ${examples.length} body and named-schema examples: ${same + kept.length} valid ones round-trip (${kept.length} of them keeping properties their type does not name), ${Object.values(refused).flat().length} refused by the contract's schema, ${noReader.length} of schemas without a reader`,
      );
      expect(examples.length).toBe(contract.count);
      expect(wrong).toEqual([]);
      expect(refused).toEqual(contract.invalid);
      expect(noReader).toEqual(contract.unread);
      expect(kept).toEqual(contract.unnamed);
    },
  );

  it.skipIf(!present)(
    "round-trips every valid example written inside a schema in a body that holds it; the others are listed",
    () => {
      const inner = innerExamples(document, source);
      const valid: InnerExample[] = [];
      const refused: Record<string, string[]> = {};
      for (const example of inner) {
        const why = refusal(example.pointer, example.value);
        if (why === undefined) valid.push(example);
        else (refused[why] ??= []).push(example.where);
      }
      const firstValid = new Map<Schema, JsonValue>();
      for (const example of [...valid].reverse())
        if (!example.parameter && example.pointer === example.schema.pointer)
          firstValid.set(example.schema, example.value);
      const roots: Root[] = [
        ...bodiesOf(document, service).map((b) => ({ type: b.type, schema: b.content.schema })),
        ...document.schemas.map((n) => ({ type: n.name, schema: n.schema })),
      ].filter((r) => readerAndWriter(r.type) !== undefined);
      const placed = placements(document, roots);
      const assembler = new Assembler(document, (schema) => firstValid.get(schema));
      const wrong: string[] = [];
      const unplaced: string[] = [];
      const kept: string[] = [];
      let same = 0;
      let parameters = 0;
      for (const example of valid) {
        const placement = example.parameter ? undefined : placed.get(example.schema);
        if (example.parameter) parameters++;
        else if (placement === undefined) unplaced.push(example.where);
        else {
          const result = outcome(placement.type, assembler.placed(placement, example.value));
          if (result === "same") same++;
          else if (result === "kept") kept.push(example.where);
          else wrong.push(`${example.where} (in ${placement.type}): ${result}`);
        }
      }
      console.log(
        `${path.basename(file)}: ${inner.length} examples inside schemas and on parameters: ${valid.length} valid (${same + kept.length} round-trip in a body, ${kept.length} of them keeping properties their type does not name; ${parameters} of parameters and headers, checked against their schema only; ${unplaced.length} in no body the package reads), ${Object.values(refused).flat().length} refused by their own schema`,
      );
      expect(inner.length).toBe(contract.inner.count);
      expect(wrong).toEqual([]);
      expect(refused).toEqual(contract.inner.invalid);
      expect(unplaced).toEqual(contract.inner.unread);
      expect(kept).toEqual(contract.inner.unnamed);
      expect(parameters).toBe(contract.inner.parameters);
    },
  );
});
