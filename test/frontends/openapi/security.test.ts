import { describe, expect, it } from "vitest";
import { readFixtureDocument, withoutPlaces } from "./read-fixture.js";

describe("security", () => {
  it("Swagger 2.0: basic, API key in a header, OAuth 2 application flow; requirements inherited, overridden or emptied", async () => {
    const document = await readFixtureDocument("security/swagger-2.0.yaml");
    expect(withoutPlaces(document.securitySchemes)).toEqual([
      { kind: "http", scheme: "basic", name: "basicAuth" },
      {
        kind: "apiKey",
        in: "header",
        parameterName: "X-Api-Key",
        name: "key",
        description: "The merchant key.",
      },
      {
        kind: "oauth2",
        flows: ["clientCredentials"],
        tokenUrl: "https://api.example.com/oauth/token",
        scopes: [{ name: "payments", description: "Take payments" }],
        name: "oauth",
      },
    ]);
    const key = [{ schemes: [{ name: "key", scopes: [] }] }];
    expect(withoutPlaces(document.security)).toEqual(key);
    expect(document.operations.map((o) => [o.name, withoutPlaces(o.security)])).toEqual([
      ["listPayments", key],
      [
        "createPayment",
        [
          { schemes: [{ name: "oauth", scopes: ["payments"] }] },
          {
            schemes: [
              { name: "basicAuth", scopes: [] },
              { name: "key", scopes: [] },
            ],
          },
        ],
      ],
      ["health", []],
    ]);
  });

  it("OpenAPI 3.0: http basic and bearer, API key in the query, OAuth 2 client credentials", async () => {
    const document = await readFixtureDocument("security/openapi-3.0.yaml");
    expect(withoutPlaces(document.securitySchemes)).toEqual([
      { kind: "http", scheme: "basic", name: "basicAuth" },
      { kind: "http", scheme: "bearer", bearerFormat: "JWT", name: "bearer" },
      { kind: "apiKey", in: "query", parameterName: "key", name: "key" },
      {
        kind: "oauth2",
        flows: ["clientCredentials"],
        tokenUrl: "https://api.example.com/oauth/token",
        scopes: [{ name: "payments", description: "Take payments" }],
        name: "oauth",
      },
    ]);
    expect(withoutPlaces(document.security)).toEqual([
      { schemes: [{ name: "bearer", scopes: [] }] },
    ]);
    expect(withoutPlaces(document.operations[0]!.security)).toEqual([
      { schemes: [{ name: "oauth", scopes: ["payments"] }] },
      {
        schemes: [
          { name: "basicAuth", scopes: [] },
          { name: "key", scopes: [] },
        ],
      },
    ]);
  });
});
