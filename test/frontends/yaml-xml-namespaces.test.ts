import { describe, expect, it } from "vitest";
import { problemsOf, SOAP_SERVICE } from "../helpers/temp-schemas.js";

/**
 * Every namespace a YAML schema gives is written into an `xmlns` attribute:
 * the service's, a field's, a list's items' and a SOAP header's are checked
 * the same way, each at its position.
 */
describe("namespaces in the YAML schema language", () => {
  it("refuses a namespace with a space or a quote, wherever it is given", async () => {
    const problems = await problemsOf({
      "svc/service.yaml": `${SOAP_SERVICE.replace("namespace: { placeholder: ns, version: v1 }", 'namespace: { placeholder: ns, version: v1, uri: "urn:a b" }')}  Creds:
    fields:
      - { name: user, type: string, namespace: "urn:x y" }
      - { name: codes, type: string, list: { item: code, itemNamespace: 'urn:"z"' } }
operations:
  Ping:
    auth: false
    headers:
      - { name: Creds, type: Creds, namespace: "urn:h h" }
    request:
      fields: []
    response:
      fields: []
`,
    });
    const why = "must be a URI (no spaces, quotes or angle brackets)";
    expect(problems).toEqual([
      `schemas/svc/service.yaml:6:53: namespace uri ${why}`,
      `schemas/svc/service.yaml:18:48: namespace ${why}`,
      `schemas/svc/service.yaml:19:73: list itemNamespace ${why}`,
      `schemas/svc/service.yaml:24:48: namespace ${why}`,
    ]);
  });
});
