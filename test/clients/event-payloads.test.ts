import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { writePackage } from "../helpers/temp-package.js";

/**
 * The payloads of a contract's events (OpenAPI 3.1 webhooks, 3.0
 * callbacks) are read and checked like answers: a webhook handler parses
 * the body it receives with the parser its README names.
 */
const CALLBACKS = path.join(
  PROJECT_ROOT,
  "test/frontends/openapi/fixtures/description/callbacks-3.0.yaml",
);

type Parse = (body: string) => unknown;

describe("event payloads", () => {
  it("each callback's payload type has an exported parser that reads and checks a body", async () => {
    const { files } = await generate({ schemasDir: "", from: [CALLBACKS], cwd: PROJECT_ROOT });
    const pkg = await writePackage(files);
    const json = await pkg.load("subscriptions", "json");
    const parsePayload = json.parseSubscribeOnEventPayload as Parse;
    const parseChange = json.parseChange as Parse;
    expect(parsePayload('{"kind":"renewed"}')).toEqual({ kind: "renewed" });
    expect(parseChange('{"amount":"12.30"}')).toEqual({ amount: "12.30" });
    // A payload without its required field is refused, as an answer would be.
    expect(() => parsePayload("{}")).toThrow(/kind/);
    const readme = files.find((f) => f.path === "README.md")!.content;
    expect(readme).toContain(
      "`parseSubscribeOnEventPayload` (a `SubscribeOnEventPayload`), `parseChange` (a `Change`).",
    );
  }, 120_000);
});
