/**
 * The README's package-wide sections (errors, retries) say of a package only
 * what holds for it: a sentence about idempotency keys, typed error bodies,
 * result links, result codes or declined answers appears where the package's
 * model has them, and its opposite where it does not.
 */
import { describe, expect, it } from "vitest";
import type { Operation, Service } from "../../../generator/model/ir.js";
import {
  field,
  objectType,
  restOperation,
  restService,
  scalar,
  soapOperation,
  soapService,
} from "../../helpers/ir.js";
import { readme } from "../../helpers/readme.js";

/** The README's section `title` (its `##` heading to the next). */
function section(text: string, title: string): string {
  const start = text.indexOf(`## ${title}\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end === -1 ? undefined : end + 1);
}

const keyed = restOperation("pay", undefined, undefined, {
  headers: [field("Idempotency-Key", scalar("string"))],
} as Partial<Operation>);
const unkeyed = restOperation("refund", undefined, undefined);
const read = restOperation("look", undefined, undefined, { httpMethod: "GET", idempotent: true });
const withErrorBody = restOperation("pay", undefined, undefined, {
  errorType: "Problem",
} as Partial<Operation>);
const withLink = restOperation("pay", undefined, "Payment", {
  links: [{ name: "capture", operation: "capture", method: "capture" }],
} as Partial<Operation>);
const formPost = restOperation("charge", "Problem", undefined, {
  wire: {
    request: { mediaType: "application/x-www-form-urlencoded", encoding: "form", required: true },
  },
} as Partial<Operation>);
const jsonPost = restOperation("pay", "Problem", undefined);
const problem = objectType("Problem", [field("code", scalar("string"))]);
const soapResult = objectType("PayResponse", [field("resultCode", scalar("string"))]);

const rest = (...operations: Operation[]): Service => restService({ types: [problem], operations });

/** Each case: a package, and sentences its section must and must not hold. */
const cases: readonly {
  readonly given: string;
  readonly services: readonly Service[];
  readonly title: "Retries" | "Errors" | "Writing requests";
  readonly has: readonly string[];
  readonly hasNot: readonly string[];
}[] = [
  {
    given: "a REST package whose only POST sends an idempotency key",
    services: [rest(keyed, read)],
    title: "Retries",
    has: [
      "an idempotent operation,\nan operation that sends an idempotency key, or a request",
      '- "contract": an idempotency header the contract declares',
      '- "paygen": what paygen adds',
      "sends a key with every attempt",
      "`idempotencyKey` given to an operation that declares no idempotency header is refused.",
    ],
    hasNot: ["never retried once it may have", '"documents"', "show no idempotency key"],
  },
  {
    given: "a REST package with a POST that sends no key",
    services: [rest(unkeyed, read)],
    title: "Retries",
    has: [
      "never retried once it may have\nreached the service.",
      "and the documents show no idempotency key to make a repeat safe.",
    ],
    hasNot: ['"contract"', "sends a key with every attempt", "clientReferenceInformation"],
  },
  {
    given: "a REST package with keyed and unkeyed POSTs",
    services: [rest(keyed, unkeyed)],
    title: "Retries",
    has: ["never retried once it may have", "sends a key with every attempt"],
    hasNot: ["show no idempotency key"],
  },
  {
    given: "a SOAP package",
    services: [soapService({ operations: [soapOperation("Pay", "PayRequest", "PayResponse")] })],
    title: "Retries",
    has: ["never retried once it may have", "show no idempotency key"],
    hasNot: ["REST service's section", '"paygen"', "idempotencyKey"],
  },
  {
    given: "a REST package without error schemas, links or declined answers",
    services: [rest(unkeyed)],
    title: "Errors",
    has: ["(error bodies are not documented)", "declined: its data tells."],
    hasNot: ["`LinkError`", "`ApiError`", "`SoapFaultError`", "DTDs", "`data`"],
  },
  {
    given: "a REST package whose operation documents its error body",
    services: [rest(withErrorBody)],
    title: "Errors",
    has: ["`data` (the body read with the error schema", "`is…Error(error, operation)`"],
    hasNot: ["error bodies are not documented"],
  },
  {
    given: "a REST package whose result follows links",
    services: [rest(withLink)],
    title: "Errors",
    has: ["| `LinkError`"],
    hasNot: [],
  },
  {
    given: "a SOAP package whose results carry a result code",
    services: [
      soapService({
        types: [soapResult],
        operations: [soapOperation("Pay", "PayRequest", "PayResponse")],
      }),
    ],
    title: "Errors",
    has: ["| `SoapFaultError`", "| `ApiError`", "DTDs"],
    hasNot: ["`LinkError`", "2xx REST answer"],
  },
  {
    given: "a REST package whose bodies are forms",
    services: [rest(formPost)],
    title: "Writing requests",
    has: ["- **Forms** (`application/x-www-form-urlencoded`)"],
    hasNot: ["**JSON**", "serialize…", "**Multipart**"],
  },
  {
    given: "a REST package whose bodies are JSON",
    services: [rest(jsonPost)],
    title: "Writing requests",
    has: ["- **JSON**: a generated serializer (`serialize…(value)`)"],
    hasNot: ["**Forms**"],
  },
  {
    given: "a SOAP package whose results carry none",
    services: [soapService({ operations: [soapOperation("Pay", "PayRequest", "PayResponse")] })],
    title: "Errors",
    has: ["| `SoapFaultError`"],
    hasNot: ["`ApiError`"],
  },
];

describe("the README says of a package what holds for it", () => {
  it.each(cases)("$title: $given", async ({ services, title, has, hasNot }) => {
    const text = section(await readme({ services }), title);
    for (const sentence of has) expect(text).toContain(sentence);
    for (const sentence of hasNot) expect(text).not.toContain(sentence);
    // A condition left open or closed twice shows as an empty paragraph.
    expect(text).not.toContain("\n\n\n");
  });

  it("gives a base URL's default where the contract names its address, and says placeholders only where it does not", async () => {
    const service = rest(read);
    const named: Service = {
      ...service,
      rest: { ...service.rest!, baseUrls: [{ name: "base_url", url: "https://api.example" }] },
    };
    const withAddress = await readme({ services: [named] });
    expect(withAddress).toContain("| `{base_url}` | `baseUrl` | `https://api.example` |");
    expect(withAddress).not.toContain("only placeholders");
    const placeholder = await readme({ services: [service] });
    expect(placeholder).toContain("(the documents show only placeholders)");
    expect(placeholder).not.toContain("| default |");
  });

  it("names the exact-number scalars among its conventions only where the package holds them", async () => {
    const none = await readme({ services: [rest(unkeyed)] });
    expect(none).not.toMatch(/`Decimal` strings|`Long` strings/);
    const amounts = restService({
      types: [objectType("Amount", [field("total", scalar("decimal"))])],
      operations: [unkeyed],
    });
    const decimal = await readme({ services: [amounts] });
    expect(decimal).toContain(
      '- Decimal amounts are `Decimal` strings (`"10.00"`): they never pass',
    );
    expect(decimal).not.toContain("`Long` strings");
  });

  it("gives as examples of a value of the wrong form, and says how decimals read, only for the forms the package has", async () => {
    const none = section(await readme({ services: [rest(unkeyed)] }), "Reading responses");
    expect(none).toContain("a value of the wrong form, or a JSON object");
    expect(none).not.toContain("Decimals keep");
    const amounts = restService({
      types: [
        objectType("Amount", [field("total", scalar("decimal")), field("on", scalar("date"))]),
      ],
      operations: [unkeyed],
    });
    const text = section(await readme({ services: [amounts] }), "Reading responses");
    expect(text).toContain("a value of the wrong form (a malformed number, a malformed date),");
    expect(text).toContain("Decimals keep their digits and scale");
    expect(text).not.toContain("a choice holding two members");
  });

  it("names as the documents' guidance only what they give", async () => {
    const service = rest(read);
    const documented: Service = {
      ...service,
      rest: { ...service.rest!, retry: { backoff: "exponential" } },
    };
    const text = section(await readme({ services: [documented] }), "Retries");
    expect(text).toContain(
      '- "documents": the retry guidance the documents give: back-off with jitter and its number of attempts.',
    );
  });
});
