/**
 * Benchmark 1: the per-request JSON work of a wallet authorization. paygen:
 * `validatePaymentRequest` + `serializePaymentRequest` on the way out and
 * `parsePaymentResponse` on the way back, which is what `authorize()` does per
 * call. Baseline: ajv with a JSON Schema derived from the same model, then
 * `JSON.stringify` and `JSON.parse`.
 */
import { deepStrictEqual } from "node:assert/strict";
import { Ajv, type ValidateFunction } from "ajv";
import type { Model, Service } from "../../generator/model/ir.js";
import type { PaymentsModule } from "./built-modules.js";
import { compare, type CompareOptions, type Comparison, type Contender } from "./compare.js";
import { schemaOfFlow, schemaOfType, type JsonSchema } from "./json-schema.js";
import { authorizationResponseBody, wallet012Input } from "./payment-fixtures.js";
import { formatOps, formatRatio, type Row } from "./row.js";

/** Issue 16: validate + serialize + parse at most 1.3× ajv + JSON (it was 1.5× before). */
export const WALLET_TARGET = 1.3;

export interface WalletResult {
  readonly rows: readonly Row[];
  readonly main: Comparison;
  readonly breakdown: Readonly<Record<"validate" | "serialize" | "parse" | "flow", Comparison>>;
}

function compileAjv(schema: JsonSchema): ValidateFunction {
  // allErrors: the generated validators report every problem, not the first.
  return new Ajv({ allErrors: true, strict: true }).compile(schema);
}

type Case = readonly [name: string, value: unknown, valid: boolean];

const REMOVE = Symbol("remove");

/** A deep copy of `value` with the value at a dotted `path` replaced, or removed with `REMOVE`. */
function withChange(value: object, path: string, change: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const keys = path.split(".");
  const last = keys.pop() as string;
  let node = copy;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (change === REMOVE) delete node[last];
  else node[last] = change;
  return copy;
}

/**
 * Both validators must agree on what is valid, or the comparison would not
 * be of the same work: a few requests each breaking one rule.
 */
function checkEquivalence(
  label: string,
  paygen: (v: unknown) => { readonly ok: boolean },
  ajv: ValidateFunction,
  cases: readonly Case[],
): void {
  for (const [name, value, expected] of cases) {
    const a = paygen(value).ok;
    const b = ajv(value) === true;
    if (a !== expected || b !== expected) {
      throw new Error(
        `${label}: validators disagree on "${name}" (paygen ${a}, ajv ${b}, expected ${expected})`,
      );
    }
  }
}

function requestCases(request: object): Case[] {
  return [
    ["valid request", request, true],
    ["unknown top-level field", withChange(request, "extra", 1), false],
    ["unknown nested field", withChange(request, "orderInformation.note", "x"), false],
    [
      "amount as a number",
      withChange(request, "orderInformation.amountDetails.totalAmount", 102.21),
      false,
    ],
    [
      "amount with exponent",
      withChange(request, "orderInformation.amountDetails.totalAmount", "1e3"),
      false,
    ],
    [
      "amount with two points",
      withChange(request, "orderInformation.amountDetails.totalAmount", "1.2.3"),
      false,
    ],
    ["boolean as text", withChange(request, "processingInformation.capture", "true"), false],
    ["object as null", withChange(request, "orderInformation.billTo", null), false],
    ["text as a number", withChange(request, "orderInformation.billTo.postalCode", 94105), false],
  ];
}

function flowCases(request: object): Case[] {
  return [
    ...requestCases(request),
    ["missing required field", withChange(request, "orderInformation.billTo.email", REMOVE), false],
    ["missing required object", withChange(request, "paymentInformation", REMOVE), false],
    [
      "wrong flow constant",
      withChange(request, "processingInformation.paymentSolution", "001"),
      false,
    ],
  ];
}

function paymentsService(model: Model): Service {
  const service = model.services.find((s) => s.name === "payments");
  if (!service) throw new Error("the model has no payments service");
  return service;
}

export function runWalletBenchmark(
  model: Model,
  payments: PaymentsModule,
  main: CompareOptions,
  detail: CompareOptions,
): WalletResult {
  const {
    buildWallet012Request,
    parsePaymentResponse,
    serializePaymentRequest,
    validatePaymentRequest,
    validateWallet012,
  } = payments;
  const service = paymentsService(model);
  const flow = service.flows.find((f) => f.name === "wallet012");
  if (!flow) throw new Error("the model has no wallet012 flow");
  const request = buildWallet012Request(wallet012Input);
  const response = authorizationResponseBody;

  const ajvRequest = compileAjv(schemaOfType(service, "PaymentRequest"));
  const ajvFlow = compileAjv(schemaOfFlow(service, flow, "PaymentRequest"));
  checkEquivalence("PaymentRequest", validatePaymentRequest, ajvRequest, requestCases(request));
  checkEquivalence("wallet012 flow", validateWallet012, ajvFlow, flowCases(request));
  deepStrictEqual(
    JSON.parse(serializePaymentRequest(request)),
    JSON.parse(JSON.stringify(request)),
  );
  deepStrictEqual(JSON.parse(JSON.stringify(parsePaymentResponse(response))), JSON.parse(response));

  const paygen: Contender = {
    name: "paygen",
    run: () => {
      const checked = validatePaymentRequest(request);
      if (!checked.ok) throw new Error("request rejected");
      if (serializePaymentRequest(checked.value).length === 0) throw new Error("empty body");
      return parsePaymentResponse(response);
    },
  };
  const baseline: Contender = {
    name: "ajv + JSON",
    run: () => {
      if (!ajvRequest(request)) throw new Error("request rejected");
      if (JSON.stringify(request).length === 0) throw new Error("empty body");
      return JSON.parse(response) as unknown;
    },
  };
  const mainResult = compare(paygen, baseline, main);

  const breakdown = {
    validate: compare(
      { name: "validatePaymentRequest", run: () => validatePaymentRequest(request) },
      { name: "ajv", run: () => ajvRequest(request) },
      detail,
    ),
    serialize: compare(
      { name: "serializePaymentRequest", run: () => serializePaymentRequest(request) },
      { name: "JSON.stringify", run: () => JSON.stringify(request) },
      detail,
    ),
    parse: compare(
      { name: "parsePaymentResponse", run: () => parsePaymentResponse(response) },
      { name: "JSON.parse", run: () => JSON.parse(response) as unknown },
      detail,
    ),
    flow: compare(
      {
        name: "validateWallet012 + serialize + parse",
        run: () => {
          if (!validateWallet012(request).ok) throw new Error("request rejected");
          if (serializePaymentRequest(request).length === 0) throw new Error("empty body");
          return parsePaymentResponse(response);
        },
      },
      {
        name: "ajv (flow schema) + JSON",
        run: () => {
          if (!ajvFlow(request)) throw new Error("request rejected");
          if (JSON.stringify(request).length === 0) throw new Error("empty body");
          return JSON.parse(response) as unknown;
        },
      },
      detail,
    ),
  };

  const info = (name: string, c: Comparison, base: string): Row => ({
    name,
    value: formatOps(c.subject.opsPerSec),
    baseline: `${formatOps(c.baseline.opsPerSec)} (${base})`,
    comparison: `time ${formatRatio(c.timeRatio)}`,
    target: "",
    pass: undefined,
  });
  const rows: Row[] = [
    {
      name: "1 wallet JSON: validate+serialize+parse",
      value: formatOps(mainResult.subject.opsPerSec),
      baseline: `${formatOps(mainResult.baseline.opsPerSec)} (ajv + JSON)`,
      comparison: `time ${formatRatio(mainResult.timeRatio)}`,
      target: `time ≤ ${formatRatio(WALLET_TARGET)}`,
      pass: mainResult.timeRatio <= WALLET_TARGET,
    },
    info("  1a validatePaymentRequest", breakdown.validate, "ajv"),
    info("  1b serializePaymentRequest", breakdown.serialize, "JSON.stringify"),
    info("  1c parsePaymentResponse", breakdown.parse, "JSON.parse"),
    info("  1d same with wallet012 flow check", breakdown.flow, "ajv flow schema + JSON"),
  ];
  return { rows, main: mainResult, breakdown };
}
