/**
 * Benchmark 2: a SOAP round trip of ARBGetSubscriptionList without the
 * network. paygen: `buildARBGetSubscriptionListEnvelope` and
 * `parseARBGetSubscriptionListResponse` (20 subscriptionDetail entries).
 * Baseline: fast-xml-parser alone, `XMLBuilder.build` of the same envelope as
 * a plain object and `XMLParser.parse` of the same response, each created once.
 */
import { strictEqual } from "node:assert/strict";
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import type { ARBGetSubscriptionListRequest } from "../../generated/subscriptions/index.js";
import type { SubscriptionsModule } from "./built-modules.js";
import { compare, type CompareOptions, type Comparison, type Contender } from "./compare.js";
import { formatOps, formatRatio, type Row } from "./row.js";
import {
  SOAP_NAMESPACE,
  subscriptionListRequest,
  subscriptionListResponse,
} from "./soap-fixtures.js";

export const SOAP_TARGET = 1.5;
/** Issue 16: building at most what XMLBuilder costs (2a), and the typed read at most what XMLParser.parse alone costs (2c). */
export const BUILD_TARGET = 1.0;
export const TYPED_READ_TARGET = 1.0;
export const SUBSCRIPTION_DETAILS = 20;

/** The response sizes of the parse rows (2c, 2d). */
const SIZES = [10, 100, 1000] as const;

export interface SoapResult {
  readonly rows: readonly Row[];
  readonly main: Comparison;
  readonly breakdown: Readonly<Record<"build" | "parse", Comparison>>;
}

const SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
/** The XML declaration paygen writes before an envelope. */
export const DECLARATION = `<?xml version="1.0" encoding="utf-8"?>`;

/** The baseline's XMLBuilder options: the envelope it builds equals paygen's byte for byte. */
export const FXP_BUILDER_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  suppressEmptyNode: false,
  processEntities: true,
  format: false,
} as const;

/** The baseline's XMLParser options: no attributes, namespace prefixes removed, values kept as text. */
export const FXP_PARSER_OPTIONS = {
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
} as const;

/** The envelope as a hand-written client would give it to XMLBuilder. */
export function envelopeObject(r: ARBGetSubscriptionListRequest): object {
  return {
    "soap:Envelope": {
      "@_xmlns:soap": SOAP11,
      "soap:Body": {
        ARBGetSubscriptionList: {
          "@_xmlns": SOAP_NAMESPACE,
          merchantAuthentication: r.merchantAuthentication,
          clientId: r.clientId,
          request: r.request,
        },
      },
    },
  };
}

function countDetails(tree: unknown): number {
  const path = [
    "Envelope",
    "Body",
    "ARBGetSubscriptionListResponse",
    "ARBGetSubscriptionListResult",
    "subscriptionDetails",
    "subscriptionDetail",
  ];
  let node: unknown = tree;
  for (const key of path)
    node =
      typeof node === "object" && node !== null
        ? (node as Record<string, unknown>)[key]
        : undefined;
  return Array.isArray(node) ? node.length : 0;
}

export function runSoapBenchmark(
  subscriptions: SubscriptionsModule,
  main: CompareOptions,
  detail: CompareOptions,
): SoapResult {
  const { buildARBGetSubscriptionListEnvelope, parseARBGetSubscriptionListResponse } =
    subscriptions;
  const request = subscriptionListRequest;
  const response = subscriptionListResponse(SUBSCRIPTION_DETAILS);
  const builder = new XMLBuilder(FXP_BUILDER_OPTIONS);
  const parser = new XMLParser(FXP_PARSER_OPTIONS);
  const build = (): string => DECLARATION + String(builder.build(envelopeObject(request)));
  const parse = (): unknown => parser.parse(response) as unknown;

  // Same bytes out, same entries back: otherwise the work would differ.
  strictEqual(buildARBGetSubscriptionListEnvelope(request, SOAP_NAMESPACE), build());
  strictEqual(
    parseARBGetSubscriptionListResponse(response).subscriptionDetails?.length,
    SUBSCRIPTION_DETAILS,
  );
  strictEqual(countDetails(parse()), SUBSCRIPTION_DETAILS);

  const paygen: Contender = {
    name: "paygen",
    run: () => {
      if (buildARBGetSubscriptionListEnvelope(request, SOAP_NAMESPACE).length === 0)
        throw new Error("empty envelope");
      return parseARBGetSubscriptionListResponse(response);
    },
  };
  const baseline: Contender = {
    name: "fast-xml-parser",
    run: () => {
      if (build().length === 0) throw new Error("empty envelope");
      return parse();
    },
  };
  const mainResult = compare(paygen, baseline, main);
  const breakdown = {
    build: compare(
      { name: "build", run: () => buildARBGetSubscriptionListEnvelope(request, SOAP_NAMESPACE) },
      { name: "XMLBuilder.build", run: build },
      detail,
    ),
    parse: compare(
      { name: "parse", run: () => parseARBGetSubscriptionListResponse(response) },
      { name: "XMLParser.parse", run: parse },
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
  const targeted = (name: string, c: Comparison, base: string, target: number): Row => ({
    ...info(name, c, base),
    target: `time ≤ ${formatRatio(target)}`,
    pass: c.timeRatio <= target,
  });
  const rows: Row[] = [
    {
      name: `2 SOAP list: build+parse (${SUBSCRIPTION_DETAILS} entries)`,
      value: formatOps(mainResult.subject.opsPerSec),
      baseline: `${formatOps(mainResult.baseline.opsPerSec)} (fast-xml-parser)`,
      comparison: `time ${formatRatio(mainResult.timeRatio)}`,
      target: `time ≤ ${formatRatio(SOAP_TARGET)}`,
      pass: mainResult.timeRatio <= SOAP_TARGET,
    },
    targeted(
      "  2a buildARBGetSubscriptionListEnvelope",
      breakdown.build,
      "XMLBuilder.build",
      BUILD_TARGET,
    ),
    info("  2b parseARBGetSubscriptionListResponse", breakdown.parse, "XMLParser.parse"),
  ];
  // The typed read at 10, 100 and 1,000 entries, against the parse alone and against a well-formedness
  // check plus the parse (XMLValidator.validate first, as a careful hand-written client would).
  const validator = (xml: string): void => {
    if (XMLValidator.validate(xml) !== true) throw new Error("the response is not well-formed");
  };
  for (const entries of SIZES) {
    const body = subscriptionListResponse(entries);
    strictEqual(parseARBGetSubscriptionListResponse(body).subscriptionDetails?.length, entries);
    strictEqual(countDetails(parser.parse(body) as unknown), entries);
    const typed: Contender = {
      name: "parse",
      run: () => parseARBGetSubscriptionListResponse(body),
    };
    const alone = compare(
      typed,
      { name: "XMLParser.parse", run: () => parser.parse(body) as unknown },
      detail,
    );
    const checked = compare(
      typed,
      {
        name: "XMLValidator.validate + XMLParser.parse",
        run: () => (validator(body), parser.parse(body) as unknown),
      },
      detail,
    );
    rows.push(
      targeted(
        `  2c parse, ${entries} entries, vs parse alone`,
        alone,
        "XMLParser.parse",
        TYPED_READ_TARGET,
      ),
      info(
        `  2d parse, ${entries} entries, vs validate + parse`,
        checked,
        "XMLValidator.validate + XMLParser.parse",
      ),
    );
  }
  return { rows, main: mainResult, breakdown };
}
