import { describe, expect, it } from "vitest";
import { generateSchemas, problemsOf } from "../../helpers/temp-schemas.js";

/**
 * What a WSDL gives a SOAP service (its namespace, its address, an action per
 * operation) a hand-written schema can say too, and the model holds it the
 * same way whichever front end read it.
 */
const SERVICE = (soapExtra: string, opExtra: string) => ({
  "svc/service.yaml": `service:
  name: svc
  title: Test Service
  protocol: soap
  soap:
    namespace: { placeholder: ns, version: v1, uri: "urn:svc" }
    requestBase: Req
    responseBase: Res
${soapExtra}types:
  Req:
    fields:
      - { name: clientId, type: string }
  Token:
    fields:
      - { name: value, type: string, required: true, sensitive: token }
  Res:
    fields:
      - { name: resultCode, type: string }
operations:
  Ping:
    auth: false
${opExtra}    request:
      fields:
        - { name: text, type: string }
`,
});

describe("the schema language says what a WSDL says of a SOAP service", () => {
  it("reads namespace.uri, endpoint and soapAction into the model and the client", async () => {
    const { model, files } = await generateSchemas(
      SERVICE("    endpoint: https://svc.example.test/soap\n", "    soapAction: urn:svc/Ping\n"),
    );
    const s = model.services[0]!;
    expect(s.soap).toMatchObject({
      namespace: "urn:svc",
      endpoint: "https://svc.example.test/soap",
    });
    expect(s.operations[0]).toMatchObject({ name: "Ping", soapAction: "urn:svc/Ping" });
    const client = files.find((f) => f.path === "svc/client.ts")!.content;
    expect(client).toContain('action: "urn:svc/Ping"');
    expect(client).toContain('endpoint: options.endpoint ?? "https://svc.example.test/soap"');
    expect(client).toContain('namespace: options.namespace ?? "urn:svc"');
  });

  it("refuses an endpoint that is not an http(s) URL, at its position", async () => {
    expect(await problemsOf(SERVICE("    endpoint: not a url\n", ""))).toEqual([
      "schemas/svc/service.yaml:9:15: endpoint must be an http or https URL",
    ]);
  });

  it("reads SOAP header elements: a typed client option, written in the header", async () => {
    const { model, files } = await generateSchemas(
      SERVICE(
        "",
        '    headers:\n      - { name: Auth, type: Token, namespace: "urn:auth", doc: "The caller\'s token." }\n',
      ),
    );
    expect(model.services[0]!.operations[0]).toMatchObject({
      headers: [{ name: "Auth", type: "Token", namespace: "urn:auth", doc: "The caller's token." }],
    });
    const client = files.find((f) => f.path === "svc/client.ts")!.content;
    expect(client).toContain("readonly headers?: { readonly Auth?: Token }");
    const xml = files.find((f) => f.path === "svc/xml.ts")!.content;
    expect(xml).toContain('{ Auth: { "@_xmlns": "urn:auth", ...xmlOfToken(headers?.Auth) } }');
  });

  it("refuses a header of no object type, or listed twice, at its position", async () => {
    expect(
      await problemsOf(
        SERVICE(
          "",
          "    headers:\n      - { name: Auth, type: string }\n      - { name: Auth, type: Token }\n",
        ),
      ),
    ).toEqual([
      'schemas/svc/service.yaml:23:29: the SOAP header "Auth" needs an object type; "string" is none',
      'schemas/svc/service.yaml:24:17: the SOAP header "Auth" is listed twice in "Ping"',
    ]);
  });
});
