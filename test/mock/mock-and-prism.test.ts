import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { packageNames } from "../../generator/emit/emit-package.js";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { loadMock } from "../../generator/mock/build-mock.js";
import type { ObjectType, RestOperation, Service } from "../../generator/model/ir.js";
import { RUNTIME_DIR } from "../../generator/project-paths.js";
import { listen, type Listening } from "../../generator/runtime/server/listen.js";
import { freePort, startPrism } from "../helpers/prism.js";
import { requestWriter, resend, type Sent } from "../helpers/request-capture.js";
import { writePackage } from "../helpers/temp-package.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";

/**
 * `paygen mock` and Prism (`mock --errors`, a third-party validating mock)
 * judge the same requests alike: each operation's valid request, as the
 * generated client writes it, and mutations of it that break the contract
 * (a required field left out, a value of the wrong JSON type, a value outside
 * an enum). A verdict is "accepted" (a 2xx; for Prism also a 500 that reports
 * only its own generated answer breaking the contract) or "refused".
 */
const CONTRACTS = [
  { file: "cybersource-rest-spec.2020-02-17.json" },
  { file: "paypal-checkout-orders-v2.2024-02-02.json" },
];

describeWithSpecs.each(CONTRACTS)("paygen mock and Prism on $file", ({ file }) => {
  const SPEC = sharedSpec(file);
  let service: Service;
  let mock: Listening;
  let prism: ChildProcess | undefined;
  let prismUrl: string;
  const sent = new Map<string, Sent>();

  beforeAll(async () => {
    const port = await freePort();
    const starting = startPrism(SPEC, port);
    const { model, files } = await generate({
      schemasDir: "",
      from: [SPEC],
      cwd: PROJECT_ROOT,
      mock: { seed: 1 },
    });
    service = model.services[0]!;
    const names = (await packageNames(model, RUNTIME_DIR)).get(service.name)!;
    mock = await listen((await loadMock(model, files, false))[0]!.handler);
    const index = await (await writePackage(files)).load(service.name, "index");
    // The client writes each request; what it would send is kept, and sent to both mocks.
    const write = requestWriter(index, names, service);
    for (const [i, op] of (service.operations as RestOperation[]).entries()) {
      const request = await write(op, i);
      if (request !== undefined) sent.set(op.name, request);
    }
    prism = await starting;
    prismUrl = `http://127.0.0.1:${port}`;
  }, 240_000);

  afterAll(async () => {
    prism?.kill();
    await mock?.close();
  });

  /**
   * What a server made of a request: "refused" when it reports the request
   * breaks the contract (paygen: its 4xx problem answers; Prism: an error
   * answer naming request violations), "accepted"
   * when it answers from the contract (Prism may pick a documented error
   * answer, with the contract's example, for a request it accepts).
   */
  async function verdict(origin: string, request: Sent, body: string | undefined) {
    const response = await resend(origin, request, body);
    const text = await response.text();
    if (response.status >= 500) {
      // Prism's answer breaking the contract's own limits is Prism's, not the request's.
      const responseOnly =
        /"location":\s*\["response"/.test(text) &&
        !/"location":\s*\["(body|query|path|header)/.test(text);
      return responseOnly ? "accepted" : `failed ${response.status}`;
    }
    // Prism answers an invalid request with the contract's own 400 or 422 when it has one, naming
    // the violations in its `sl-violations` header; else with its own error body.
    const violations = response.headers.get("sl-violations") ?? "";
    const refusal =
      origin === mock.url
        ? response.status >= 400
        : response.status >= 400 &&
          (text.includes("stoplight.io/prism/errors") ||
            /"location":\s*\["request"/.test(violations));
    return refusal ? "refused" : "accepted";
  }

  /** The status and the start of the body a server answers, for a message. */
  async function answer(origin: string, request: Sent, body: string | undefined) {
    const response = await resend(origin, request, body);
    const violations = response.headers.get("sl-violations");
    return `${response.status} ${violations ?? ""} ${(await response.text()).slice(0, 200)}`;
  }

  it("accepts every valid request as Prism does, and refuses every mutation Prism refuses (and the ones Prism lets through)", async () => {
    const differ: string[] = [];
    const prismMisses: string[] = [];
    let mutated = 0;
    for (const op of service.operations as RestOperation[]) {
      const request = sent.get(op.name);
      if (request === undefined) continue;
      const variants: [string, string | undefined][] = [["valid", request.body]];
      const type = service.types.find((t) => t.name === op.requestType);
      if (
        request.body !== undefined &&
        type !== undefined &&
        request.headers.get("content-type")?.includes("json")
      )
        variants.push(
          ...mutations(service, type, JSON.parse(request.body) as Record<string, unknown>),
        );
      for (const [label, body] of variants) {
        const [ours, theirs] = [
          await verdict(mock.url, request, body),
          await verdict(prismUrl, request, body),
        ];
        if (label !== "valid") mutated++;
        // Every mutation breaks the contract by construction: one Prism accepts is a check Prism does not make.
        if (label !== "valid" && ours === "refused" && theirs === "accepted")
          prismMisses.push(`${op.name} ${label}`);
        else if (ours !== theirs)
          differ.push(
            `${op.name} ${label}: paygen ${ours}, Prism ${theirs} (Prism: ${await answer(prismUrl, request, body)}; paygen: ${await answer(mock.url, request, body)})`,
          );
      }
    }
    expect(differ).toEqual([]);
    expect(mutated).toBeGreaterThan(0);
    expect(sent.size).toBe(service.operations.length);
    console.log(
      `${file}: ${sent.size} valid requests accepted by both; ${mutated} mutations refused by paygen, ${mutated - prismMisses.length} also by Prism${prismMisses.length > 0 ? ` (Prism lets through: ${prismMisses.join(", ")})` : ""}`,
    );
  }, 240_000);
});

/** Bodies that break the contract: a required field left out, a scalar of the wrong JSON type, a value outside an enum. */
function mutations(
  service: Service,
  type: ObjectType,
  body: Record<string, unknown>,
): [string, string][] {
  const out: [string, string][] = [];
  const required = type.allFields.find((f) => f.required && f.name in body);
  if (required !== undefined) {
    const { [required.name]: _left, ...rest } = body;
    out.push([`without ${required.name}`, JSON.stringify(rest)]);
  }
  for (const f of type.allFields) {
    if (!(f.name in body) || f.list || f.map || f.const !== undefined) continue;
    if (f.type.kind === "object") {
      out.push([`${f.name} not an object`, JSON.stringify({ ...body, [f.name]: "text" })]);
      break;
    }
  }
  const enumField = type.allFields.find((f) => f.type.kind === "enum" && !f.list && f.name in body);
  if (enumField !== undefined && service.enums.some((e) => e.name === enumField.type.name))
    out.push([
      `${enumField.name} outside its enum`,
      JSON.stringify({ ...body, [enumField.name]: "not-a-documented-value" }),
    ]);
  return out;
}
