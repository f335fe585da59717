import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/emit-client.js";
import { declaration, emitWith, restOperation, restService } from "../../helpers/ir.js";

/** The credentials an operation sends: one function per set of schemes, which each operation of that set calls. */
describe("emitClient (credential headers)", () => {
  const base = restService({
    operations: [
      restOperation("pay", undefined, undefined, { security: ["key"] }),
      restOperation("refund", undefined, undefined, { security: ["key"] }),
      restOperation("audit", undefined, undefined, { security: ["key", "token"] }),
      restOperation("ping", undefined, undefined),
    ],
  });
  const service = {
    ...base,
    rest: {
      ...base.rest!,
      security: [
        { name: "key", kind: "apiKey" as const, header: "X-Key" },
        { name: "token", kind: "bearer" as const },
      ],
    },
  };

  it("declares one function per set of schemes, holding the list once", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "keyCredentials")).toBe(
      [
        "/** The headers carrying the credentials of `key`, from the client's options (a `ValidationError` when one is missing). */",
        "async function keyCredentials(options: SvcClientOptions): Promise<Record<string, string>> {",
        '  return securityHeaders([{ kind: "apiKey", header: "X-Key", option: "key", value: options.key }]);',
        "}",
      ].join("\n"),
    );
    expect(declaration(code, "keyAndTokenCredentials")).toContain(
      '{ kind: "apiKey", header: "X-Key", option: "key", value: options.key },\n    { kind: "bearer", option: "token", value: options.token },',
    );
    expect(code.match(/securityHeaders\(/g)).toHaveLength(2);
  });

  it("passes an operation's credentials as its headers, and none for an operation that sends none", async () => {
    const code = await emitWith(emitClient, service);
    expect(declaration(code, "pay")).toContain(
      "    call,\n    await keyCredentials(options),\n  );",
    );
    expect(declaration(code, "audit")).toContain("    await keyAndTokenCredentials(options),\n");
    expect(declaration(code, "ping")).toContain(
      "  return callRest(pingOperation, atBaseUrl(options, pingOperation.path), undefined, options, call);\n}",
    );
    expect(declaration(code, "ping")).not.toContain("Credentials");
  });
});
