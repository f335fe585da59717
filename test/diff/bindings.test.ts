import { describe, expect, it } from "vitest";
import { SOAP_SERVICE } from "../helpers/temp-schemas.js";
import { diffKinds, diffSchemas, restWith, soapWith } from "./schema-pairs.js";

const THING = "Thing:\n  fields:\n    - { name: a, type: string }\n    - { name: b, type: string }";

describe("SOAP operations and bindings", () => {
  it("an operation added and one removed", async () => {
    const extra = (name: string) =>
      `${name}:\n  auth: false\n  request:\n    fields:\n      - { name: x${name}, type: string }`;
    expect(
      await diffKinds(
        soapWith("request", THING, { operations: extra("Gone") }),
        soapWith("request", THING, { operations: extra("Fresh") }),
      ),
    ).toEqual([
      {
        severity: "breaking",
        kind: "operation-removed",
        path: "svc/operations/Gone",
        surfaces: ["source", "wire-xml"],
      },
      {
        severity: "breaking",
        kind: "type-removed",
        path: "svc/types/GoneRequest",
        surfaces: ["source"],
      },
      {
        severity: "breaking",
        kind: "type-removed",
        path: "svc/types/GoneResult",
        surfaces: ["source"],
      },
      { severity: "info", kind: "operation-added", path: "svc/operations/Fresh", surfaces: [] },
      { severity: "info", kind: "type-added", path: "svc/types/FreshRequest", surfaces: [] },
      { severity: "info", kind: "type-added", path: "svc/types/FreshResult", surfaces: [] },
    ]);
  });

  it("an operation renamed: same request and result types once their renaming is followed", async () => {
    const op = (name: string) =>
      `${name}:\n  auth: false\n  request:\n    fields:\n      - { name: id, type: long, required: true }\n  response:\n    fields:\n      - { name: state, type: string }`;
    expect(
      await diffSchemas(
        soapWith("request", THING, { operations: op("GetState") }),
        soapWith("request", THING, { operations: op("ReadState") }),
      ),
    ).toEqual([
      {
        severity: "breaking",
        kind: "operation-renamed",
        path: "svc/operations/ReadState",
        surfaces: ["source", "wire-xml"],
        message:
          "operation GetState was renamed ReadState: the client method getState is now readState, and the elements named after it changed",
      },
      {
        severity: "breaking",
        kind: "type-renamed",
        path: "svc/types/GetStateRequest",
        surfaces: ["source"],
        message:
          "type GetStateRequest is now ReadStateRequest with the same fields: messages are unchanged, but code naming GetStateRequest no longer compiles",
      },
      {
        severity: "breaking",
        kind: "type-renamed",
        path: "svc/types/GetStateResult",
        surfaces: ["source"],
        message:
          "type GetStateResult is now ReadStateResult with the same fields: messages are unchanged, but code naming GetStateResult no longer compiles",
      },
    ]);
  });

  it("a wire name changed while the TypeScript name stayed, and the reverse", async () => {
    // `GetState` and `getState` are both the client method getState: only the request element changed.
    const op = (name: string) =>
      `${name}:\n  auth: false\n  request:\n    fields:\n      - { name: id, type: long }`;
    const wireOnly = await diffKinds(
      soapWith("request", THING, { operations: op("GetState") }),
      soapWith("request", THING, { operations: op("getState") }),
    );
    expect(wireOnly.filter((c) => c.path.includes("/operations/"))).toEqual([
      {
        severity: "breaking",
        kind: "operation-wire-name-changed",
        path: "svc/operations/getState",
        surfaces: ["wire-xml"],
      },
    ]);
    // A field added to a result takes the name of the method that follows one of its links: the method is renamed, the wire is not.
    const linked = (fields: string) =>
      restWith(
        "response",
        `Thing:\n  fields:\n${fields}    - { name: _links.self.href, type: string }`,
        {
          operations:
            'getThing:\n  http: { method: GET, path: "/things/{id}", baseUrl: base_url }\n  params:\n    - { name: id, type: string }\n  response: { type: Thing }\n  statuses:\n    - { code: 200, meaning: OK. }\n  links:\n    self: { operation: getThing, method: refresh }',
        },
      );
    expect(await diffKinds(linked(""), linked("    - { name: refresh, type: string }\n"))).toEqual([
      {
        severity: "breaking",
        kind: "ts-name-changed",
        path: "svc/operations/getThing/links/self",
        surfaces: ["source"],
      },
      {
        severity: "info",
        kind: "field-added-optional",
        path: "svc/types/Thing/refresh",
        surfaces: [],
      },
    ]);
    // The element of each entry of a wrapped list is a wire name only.
    const list = (item: string) =>
      `Thing:\n  fields:\n    - { name: ids, type: long, list: { item: ${item} } }`;
    expect(
      await diffKinds(soapWith("response", list("id")), soapWith("response", list("entry"))),
    ).toEqual([
      {
        severity: "breaking",
        kind: "wire-name-changed",
        path: "svc/types/Thing/ids",
        surfaces: ["wire-xml"],
      },
    ]);
  });

  it("the order of XML elements, from both sides", async () => {
    const swapped =
      "Thing:\n  fields:\n    - { name: b, type: string }\n    - { name: a, type: string }";
    for (const side of ["request", "response"] as const) {
      expect(await diffSchemas(soapWith(side, THING), soapWith(side, swapped))).toEqual([
        {
          severity: "breaking",
          kind: "element-order-changed",
          path: "svc/types/Thing",
          surfaces: ["wire-xml"],
          message: `the XML elements of Thing are now in the order b, a (was a, b; ${side === "request" ? "sent in requests" : "read from responses"}): a message in the old order is refused`,
        },
      ]);
    }
    // JSON has no order.
    expect(await diffKinds(restWith("request", THING), restWith("request", swapped))).toEqual([]);
  });

  it("the namespace of the service", async () => {
    const before = soapWith("request", THING);
    const after = {
      ...before,
      "svc/service.yaml": SOAP_SERVICE.replace("version: v1", "version: v2"),
    };
    expect(await diffSchemas(before, after)).toEqual([
      {
        severity: "breaking",
        kind: "namespace-changed",
        path: "svc/service",
        surfaces: ["wire-xml"],
        message:
          'the SOAP binding\'s version changed from "v1" to "v2": every message of the service is written in another form',
      },
    ]);
  });
});

describe("REST operations and bindings", () => {
  const op = (
    name: string,
    http = '{ method: GET, path: "/things/{id}", baseUrl: base_url }',
    rest = "",
  ) =>
    `${name}:\n  http: ${http}\n  params:\n    - { name: id, type: string }\n  response: { type: Thing }\n  statuses:\n    - { code: 200, meaning: OK. }${rest}`;

  it("an operation renamed: same method and path", async () => {
    expect(
      await diffKinds(
        restWith("response", THING, { operations: op("getThing") }),
        restWith("response", THING, { operations: op("readThing") }),
      ),
    ).toEqual([
      {
        severity: "breaking",
        kind: "operation-renamed",
        path: "svc/operations/readThing",
        surfaces: ["source"],
      },
    ]);
  });

  it("an operation removed, and one added", async () => {
    expect(
      await diffKinds(
        restWith("response", THING, { operations: op("getThing") }),
        restWith("response", THING, {
          operations: op("listThings", "{ method: GET, path: /things, baseUrl: base_url }").replace(
            / {2}params:\n.*\n/,
            "",
          ),
        }),
      ),
    ).toEqual([
      {
        severity: "breaking",
        kind: "operation-removed",
        path: "svc/operations/getThing",
        surfaces: ["source", "wire-json"],
      },
      {
        severity: "info",
        kind: "operation-added",
        path: "svc/operations/listThings",
        surfaces: [],
      },
    ]);
  });

  it("HTTP method, path, parameters and status codes", async () => {
    const before = restWith("response", THING, {
      operations: op("getThing", undefined, "\n    - { code: 404, meaning: Not found. }"),
    });
    const after = restWith("response", THING, {
      operations: op(
        "getThing",
        '{ method: POST, path: "/v2/things/{key}", baseUrl: base_url }',
        "\n    - { code: 202, meaning: Accepted. }",
      ).replace("name: id,", "name: key,"),
    });
    expect(await diffKinds(before, after)).toEqual([
      {
        severity: "breaking",
        kind: "http-method-changed",
        path: "svc/operations/getThing",
        surfaces: ["wire-json"],
      },
      {
        severity: "breaking",
        kind: "http-path-changed",
        path: "svc/operations/getThing",
        surfaces: ["wire-json"],
      },
      {
        severity: "breaking",
        kind: "parameter-removed",
        path: "svc/operations/getThing/params/id",
        surfaces: ["source", "wire-json"],
      },
      {
        severity: "breaking",
        kind: "parameter-added",
        path: "svc/operations/getThing/params/key",
        surfaces: ["source", "wire-json"],
      },
      // POST is not idempotent by default: the client no longer retries it.
      {
        severity: "warning",
        kind: "idempotency-changed",
        path: "svc/operations/getThing",
        surfaces: [],
      },
      {
        severity: "warning",
        kind: "status-added",
        path: "svc/operations/getThing/statuses/202",
        surfaces: ["wire-json"],
      },
      {
        severity: "warning",
        kind: "status-removed",
        path: "svc/operations/getThing/statuses/404",
        surfaces: [],
      },
    ]);
  });

  it("request constants added, changed and removed", async () => {
    const types = `${THING}\nPay:\n  fields:\n    - { name: capture, type: boolean }\n    - { name: mode, type: string }\n    - { name: channel, type: string }`;
    const post = (constants: string) =>
      `pay:\n  http: { method: POST, path: /pay, baseUrl: base_url }\n  request: { type: Pay, constants: { ${constants} } }\n  statuses:\n    - { code: 200, meaning: OK. }`;
    const before = restWith("response", types, { operations: post("mode: fast, channel: web") });
    const after = restWith("response", types, { operations: post("capture: true, mode: slow") });
    expect(await diffKinds(before, after)).toEqual([
      {
        severity: "breaking",
        kind: "request-constant-added",
        path: "svc/operations/pay/request/capture",
        surfaces: ["source"],
      },
      {
        severity: "breaking",
        kind: "request-constant-changed",
        path: "svc/operations/pay/request/mode",
        surfaces: ["source", "wire-json"],
      },
      {
        severity: "warning",
        kind: "request-constant-removed",
        path: "svc/operations/pay/request/channel",
        surfaces: ["wire-json"],
      },
    ]);
  });

  it("a parameter's type, and a body's type", async () => {
    const before = restWith(
      "response",
      `${THING}\nThat:\n  fields:\n    - { name: z, type: int }`,
      { operations: op("getThing") },
    );
    const after = restWith("response", `${THING}\nThat:\n  fields:\n    - { name: z, type: int }`, {
      operations: op("getThing")
        .replace("{ name: id, type: string }", "{ name: id, type: long }")
        .replace("response: { type: Thing }", "response: { type: That }"),
    });
    expect(await diffKinds(before, after)).toEqual([
      {
        severity: "breaking",
        kind: "response-type-changed",
        path: "svc/operations/getThing",
        surfaces: ["source", "wire-json"],
      },
      {
        severity: "breaking",
        kind: "parameter-type-changed",
        path: "svc/operations/getThing/params/id",
        surfaces: ["source", "wire-json"],
      },
    ]);
  });
});
