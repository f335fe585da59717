/**
 * The package's manifest and README name a server entry only when the
 * package has the server side (`--server`, or the configuration's
 * `"server": true`); without it, the README says how to get one.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { emitTemplates, type PackageEntries } from "../../../generator/emit/emit-templates.js";
import { PROJECT_ROOT } from "../../../generator/generate.js";
import { field, objectType, restOperation, restService, scalar } from "../../helpers/ir.js";

const info = {
  packageName: "pkg",
  version: "1.0.0",
  fastXmlParserVersion: "5",
  buildDependencies: {},
};

const order = objectType("Order", [field("amount", scalar("string"))]);
const model = {
  services: [
    restService({ types: [order], operations: [restOperation("order", "Order", undefined)] }),
  ],
};

/** The package's files, by path, with the entries given. */
async function packageFiles(entries: PackageEntries): Promise<Map<string, string>> {
  const files = await emitTemplates(path.join(PROJECT_ROOT, "templates"), model, info, [], entries);
  return new Map(files.map((f) => [f.path, f.content]));
}

/** What package.json maps each entry to: its `exports` and `typesVersions`. */
function entriesOf(manifest: string): { exports: unknown; typesVersions: unknown } {
  const { exports, typesVersions } = JSON.parse(manifest) as {
    exports: unknown;
    typesVersions: unknown;
  };
  return { exports, typesVersions };
}

const signature = {
  types: "./dist/runtime/http/http-signature.d.ts",
  import: "./dist/runtime/http/http-signature.js",
  require: "./dist/runtime/http/http-signature.cjs",
  default: "./dist/runtime/http/http-signature.js",
};

const client = {
  types: "./dist/svc/index.d.ts",
  import: "./dist/svc/index.js",
  require: "./dist/svc/index.cjs",
  default: "./dist/svc/index.js",
};

describe("the package's entries", () => {
  it("without the server side: each service's client entry and the HTTP signature entry, no server entry", async () => {
    const files = await packageFiles({});
    expect(entriesOf(files.get("package.json")!)).toEqual({
      exports: { "./svc": client, "./http-signature": signature },
      typesVersions: {
        "*": {
          svc: ["dist/svc/index.d.ts"],
          "http-signature": ["dist/runtime/http/http-signature.d.ts"],
        },
      },
    });
    const readme = files.get("README.md")!;
    expect(readme).not.toContain("pkg/svc/server");
    expect(readme).not.toContain("Server`");
    expect(readme).toContain(
      "The package holds the clients alone: it has no server entry. paygen generates one for each service\n" +
        "(reading requests and writing responses, for a stand-in of the service such as a sandbox or a test\n" +
        'double) when asked for the server side: `paygen generate --server`, or `"server": true` in the package\'s\n' +
        "paygen configuration.\n",
    );
  });

  it("with the server side: each service's server entry besides its client entry", async () => {
    const files = await packageFiles({ serverSide: true });
    expect(entriesOf(files.get("package.json")!)).toEqual({
      exports: {
        "./svc": client,
        "./svc/server": {
          types: "./dist/svc/server.d.ts",
          import: "./dist/svc/server.js",
          require: "./dist/svc/server.cjs",
          default: "./dist/svc/server.js",
        },
        "./http-signature": signature,
      },
      typesVersions: {
        "*": {
          svc: ["dist/svc/index.d.ts"],
          "svc/server": ["dist/svc/server.d.ts"],
          "http-signature": ["dist/runtime/http/http-signature.d.ts"],
        },
      },
    });
    const readme = files.get("README.md")!;
    expect(readme).toContain("Each service also has a server entry (`pkg/svc/server`):");
    expect(readme).not.toContain("clients alone");
  });

  it("names a service's server factory only when the package has the server side", async () => {
    const names = new Map([
      [
        "svc",
        {
          server: "createSvcServer",
          clientFactory: "createSvcClient",
          configure: "configureSvc",
          operationFunction: "order",
          method: "order",
          methods: ["order"],
          flowBuilders: {},
        },
      ],
    ]);
    const withServer = await packageFiles({ serverSide: true, names });
    expect(withServer.get("README.md")).toContain(
      "A server of each service is one call (`createSvcServer`):",
    );
    const { server: _, ...clientNames } = names.get("svc")!;
    const clientsOnly = await packageFiles({ names: new Map([["svc", clientNames]]) });
    expect(clientsOnly.get("README.md")).not.toContain("A server of each service");
    expect(clientsOnly.get("README.md")).toContain("`const client = createSvcClient(options)`");
  });
});
