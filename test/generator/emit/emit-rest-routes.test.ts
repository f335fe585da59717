import { describe, expect, it } from "vitest";
import { emitRestServer } from "../../../generator/emit/emit-json.js";
import {
  emitWith,
  field,
  objectType,
  restOperation,
  restService,
  scalar,
} from "../../helpers/ir.js";

/** Whether the server requires a request body: as the client does, so what the client may leave out is accepted. */
describe("emitRestServer (request bodies)", () => {
  const service = restService({
    types: [
      objectType("Needs", [field("amount", scalar("string"), { required: true })]),
      objectType("Loose", [field("note", scalar("string"))]),
    ],
    operations: [
      restOperation("needs", "Needs", undefined),
      restOperation("loose", "Loose", undefined),
      restOperation("declared", "Loose", undefined, {
        wire: { request: { mediaType: "application/json", encoding: "json", required: true } },
      }),
    ],
  });

  it("requires a body whose type has required fields or that the contract requires, and accepts any other left out", async () => {
    const code = await emitWith(emitRestServer, service);
    const route = (name: string) =>
      code.slice(code.indexOf(`name: "${name}"`)).split("success:")[0];
    expect(route("needs")).toContain("required: true");
    expect(route("loose")).toContain("required: false");
    expect(route("declared")).toContain("required: true");
    const operations = code.slice(code.indexOf("export interface SvcOperations"));
    expect(operations).toContain("readonly body: Needs;");
    expect(operations).toContain("readonly body: Loose | undefined;");
  });
});
