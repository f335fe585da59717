import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadModel } from "../../../generator/generate.js";
import { REST_SERVICE, writeSchemas } from "../../helpers/temp-schemas.js";

/** The facts of every type of a one-service schema, by type name. */
async function factsOf(files: Record<string, string>) {
  const root = await writeSchemas(files);
  const model = await loadModel({ schemasDir: path.join(root, "schemas"), cwd: root });
  return Object.fromEntries(model.services[0]!.types.map((t) => [t.name, t.facts]));
}

describe("facts the model derives once", () => {
  it("tells what is sent, received, needs wire functions, holds secrets and delegates to its base", async () => {
    const facts = await factsOf({
      "svc/service.yaml": REST_SERVICE,
      "svc/t.yaml": `types:
  Base:
    fields:
      - { name: id, type: string }
  Card:
    extends: Base
    fields:
      - { name: number, type: string, sensitive: card-number }
  Sent:
    fields:
      - { name: card, type: Card }
  Got:
    fields:
      - { name: status, type: string }
  Unused:
    fields:
      - { name: x, type: string }
operations:
  pay:
    http: { method: POST, path: /pay, baseUrl: base_url }
    request: { type: Sent }
    response: { type: Got }
    statuses:
      - { code: 200, meaning: OK. }
    idempotent: false
`,
    });
    expect(facts).toEqual({
      Base: {
        sensitive: false,
        sent: true,
        received: false,
        wireSent: true,
        wireReceived: false,
        wholeSent: false,
        wholeReceived: false,
      },
      Card: {
        sensitive: true,
        sent: true,
        received: false,
        wireSent: true,
        wireReceived: false,
        wholeSent: true,
        wholeReceived: false,
        delegatedBase: "Base",
      },
      Got: {
        sensitive: false,
        sent: false,
        received: true,
        wireSent: false,
        wireReceived: true,
        wholeSent: false,
        wholeReceived: true,
      },
      Sent: {
        sensitive: true,
        sent: true,
        received: false,
        wireSent: true,
        wireReceived: false,
        wholeSent: true,
        wholeReceived: false,
      },
      Unused: {
        sensitive: false,
        sent: false,
        received: false,
        wireSent: false,
        wireReceived: false,
        wholeSent: false,
        wholeReceived: false,
      },
    });
  });

  it("does not delegate to an open base, and survives a type that contains itself", async () => {
    const facts = await factsOf({
      "svc/service.yaml": REST_SERVICE,
      "svc/t.yaml": `types:
  Open:
    open: true
    fields:
      - { name: id, type: string }
  Node:
    extends: Open
    fields:
      - { name: next, type: Node }
      - { name: secret, type: string, sensitive: token }
operations:
  get:
    http: { method: GET, path: /n, baseUrl: base_url }
    response: { type: Node }
    statuses:
      - { code: 200, meaning: OK. }
    idempotent: true
`,
    });
    // Open is open and only read: what it holds beyond its fields is kept beside it. Node, its extension, is closed.
    expect(facts["Node"]).toEqual({
      sensitive: true,
      sent: false,
      received: true,
      wireSent: false,
      wireReceived: true,
      wholeSent: false,
      wholeReceived: true,
    });
    expect(facts["Open"]).toEqual({
      sensitive: false,
      sent: false,
      received: true,
      wireSent: false,
      wireReceived: false,
      wholeSent: false,
      wholeReceived: false,
      extras: "kept",
    });
  });
});
