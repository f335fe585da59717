/**
 * The decisive test of the value synthesizer: for every package the project
 * generates (the fixture folders with operations, the project's schemas, and
 * each published contract when they are there), every type a caller sends
 * gets a synthesized value, for two seeds (and a third that fills optional
 * fields deeper), that its generated `validate<Type>` accepts; every REST
 * type only received is written by the generated server's `serialize<Type>`
 * and read back by the client's `parse<Type>`; every SOAP result is written
 * in a response envelope and read back.
 * No contract may have a refusal; the misses (places no value could meet
 * every facet) are counted and must stay at zero too.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, PROJECT_ROOT, type GenerateResult } from "../../generator/generate.js";
import { packageNames } from "../../generator/emit/emit-package.js";
import { synthesizeType } from "../../generator/mock/synthesize-value.js";
import { RUNTIME_DIR } from "../../generator/project-paths.js";
import { FIXTURES, generateFrom } from "../helpers/generate-fixture.js";
import { describeWithSpecs, sharedSpec } from "../helpers/shared-specs.js";
import { writePackage, type TempPackage } from "../helpers/temp-package.js";
import type { Service } from "../../generator/model/ir.js";
import type { ServiceNames } from "../../generator/naming/names.js";

/** Two seeds at the default depth, and a third that fills optional fields deeper, where more facets lie. */
const DRAWS = [{ seed: 1 }, { seed: 2 }, { seed: 3, optionalDepth: 5 }];

interface Outcome {
  /** How many values a generated function checked. */
  checked: number;
  /** `Type (seed n): path code`, one per issue of a refused value. */
  readonly refusals: string[];
  /** `path: reason`, one per miss the synthesizer reported. */
  readonly misses: string[];
}

type Call = (...args: unknown[]) => unknown;

type Validator = (value: unknown) => {
  ok: boolean;
  issues?: readonly { path: string; code: string }[];
};

/** Synthesizes a value of every sent type (validated), every received REST type and every SOAP result (written and read back) of a package. */
async function checkPackage(result: GenerateResult): Promise<Outcome> {
  const pkg = await writePackage(result.files);
  const names = await packageNames(result.model, RUNTIME_DIR);
  const outcome: Outcome = { checked: 0, refusals: [], misses: [] };
  for (const service of result.model.services) {
    const serviceNames = names.get(service.name)!;
    const validators = await pkg.load(service.name, "validators");
    const rest = service.protocol === "rest";
    const server = rest ? await pkg.load(service.name, "server").catch(() => undefined) : undefined;
    const json = rest ? await pkg.load(service.name, "json").catch(() => undefined) : undefined;
    for (const type of service.types) {
      for (const { seed, optionalDepth } of DRAWS) {
        const value = synthesizeType(service, type.name, {
          seed,
          ...(optionalDepth !== undefined ? { optionalDepth } : {}),
          onMiss: (where, reason) => outcome.misses.push(`${where}: ${reason}`),
        });
        const refuse = (why: string) =>
          outcome.refusals.push(`${type.name} (seed ${seed}): ${why}`);
        const validate = validators[serviceNames.get("validator", type.name)] as
          Validator | undefined;
        if (type.facts.sent && validate) {
          outcome.checked++;
          const verdict = validate(value);
          if (!verdict.ok)
            for (const i of verdict.issues ?? []) refuse(`${i.path || "(root)"} ${i.code}`);
          continue;
        }
        const serialize = server?.[serviceNames.get("serializer", type.name)];
        const parse = json?.[serviceNames.get("parser", type.name)];
        if (typeof serialize !== "function" || typeof parse !== "function") continue;
        outcome.checked++;
        try {
          parse(serialize(value));
        } catch (error) {
          refuse(`written and read back: ${(error as Error).message}`);
        }
      }
    }
    if (!rest) await checkSoapResults(service, pkg, serviceNames, outcome);
  }
  return outcome;
}

/** Each SOAP operation's result, synthesized, written in a response envelope by the server and read by the client. */
async function checkSoapResults(
  service: Service,
  pkg: TempPackage,
  names: ServiceNames,
  outcome: Outcome,
): Promise<void> {
  const server = await pkg.load(service.name, "server");
  const xml = await pkg.load(service.name, "xml");
  for (const op of service.operations) {
    if (op.protocol !== "soap") continue;
    const build = server[names.get("responseEnvelopeBuilder", op.name)] as Call | undefined;
    const parse = xml[names.get("responseParser", op.name)] as Call | undefined;
    if (!build || !parse) continue;
    for (const { seed, optionalDepth } of DRAWS) {
      const value = synthesizeType(service, op.resultType, {
        seed,
        ...(optionalDepth !== undefined ? { optionalDepth } : {}),
        onMiss: (where, reason) => outcome.misses.push(`${where}: ${reason}`),
      });
      outcome.checked++;
      try {
        parse(build(value, "urn:synthesized"));
      } catch (error) {
        outcome.refusals.push(`${op.name} result (seed ${seed}): ${(error as Error).message}`);
      }
    }
  }
}

const FIXTURE_FOLDERS = ["rest-basic", "soap-basic", "names-rest", "names-soap"];

describe("synthesized values pass the generated validators", () => {
  it.for(FIXTURE_FOLDERS)("the fixture %s", { timeout: 60_000 }, async (folder) => {
    const outcome = await checkPackage(
      await generateFrom(path.join(FIXTURES, folder), { server: true }),
    );
    expect(outcome.checked).toBeGreaterThan(0);
    expect(outcome.refusals).toEqual([]);
    expect(outcome.misses).toEqual([]);
  });

  it("the project's schemas", { timeout: 60_000 }, async () => {
    const outcome = await checkPackage(
      await generateFrom(path.join(PROJECT_ROOT, "schemas"), { server: true }),
    );
    expect(outcome.checked).toBeGreaterThan(0);
    expect(outcome.refusals).toEqual([]);
    expect(outcome.misses).toEqual([]);
  });
});

describeWithSpecs("synthesized values pass the validators of the published contracts", () => {
  const contracts = [
    "AnetApiSchema.xsd",
    "Service.2015-02-02.wsdl",
    "cybersource-rest-spec.2020-02-17.json",
    "paypal-checkout-orders-v2.2024-02-02.json",
    "stripe-spec3.2022-04-12.json",
  ];
  it.for(contracts)("%s", { timeout: 300_000 }, async (file) => {
    const result = await generate({
      schemasDir: path.join(PROJECT_ROOT, "schemas"),
      from: [sharedSpec(file)],
      cwd: PROJECT_ROOT,
      server: true,
    });
    const outcome = await checkPackage(result);
    if (process.env["SYNTH_DEBUG"])
      console.log(
        file,
        outcome.checked,
        outcome.refusals.slice(0, 40),
        outcome.misses.slice(0, 40),
      );
    expect(outcome.checked).toBeGreaterThan(0);
    expect(outcome.refusals).toEqual([]);
    expect(outcome.misses).toEqual([]);
  });
});
