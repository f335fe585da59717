import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  LEFT_OUT,
  MODEL_RECORD,
  modelRecordFile,
  readModelRecord,
} from "../../generator/diff/model-record.js";
import { loadModel } from "../../generator/generate.js";
import type { Model } from "../../generator/model/ir.js";
import { PROJECT_ROOT } from "../../generator/project-paths.js";
import { itWithSpecs, sharedSpec } from "../helpers/shared-specs.js";

/** The model without what changes no contract: what a record must give back. */
const withoutProse = (model: Model): unknown =>
  JSON.parse(
    JSON.stringify(model, (key, value: unknown) => (LEFT_OUT.has(key) ? undefined : value)),
  );

/** The model read back from the record written for it. */
async function roundTrip(model: Model): Promise<{ read: Model | undefined; text: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "paygen-record-"));
  try {
    const { content } = modelRecordFile(model, "1.2.3");
    await writeFile(path.join(dir, MODEL_RECORD), content);
    const record = await readModelRecord(dir);
    expect(record?.version).toBe("1.2.3");
    return { read: record?.model, text: content };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The model record: what it leaves out is derived again when it is read. */
describe("the model record", () => {
  it("gives back the project's schemas' model, bases' fields and facts derived again", async () => {
    const model = await loadModel({ schemasDir: path.join(PROJECT_ROOT, "schemas") });
    const { read, text } = await roundTrip(model);
    expect(read).toEqual(withoutProse(model));
    expect(text).not.toContain('"allFields"');
    expect(text).not.toContain('"facts"');
  });

  itWithSpecs(
    "gives back a published contract's model, leaving out what is at its usual value",
    async () => {
      const from = sharedSpec("paypal-checkout-orders-v2.2024-02-02.json");
      const model = await loadModel({ schemasDir: PROJECT_ROOT, from: [from], cwd: PROJECT_ROOT });
      const { read, text } = await roundTrip(model);
      expect(read).toEqual(withoutProse(model));
      for (const usual of [
        '"open":false',
        '"origin":{"kind":"declared"}',
        '"fields":[]',
        '"kind":"object","name"',
        '{"key":',
        '{"value":',
      ])
        expect(text).not.toContain(usual);
    },
  );

  itWithSpecs(
    "gives back a form-encoded contract's operations, their protocol, only base URL, usual method, links and form fields left out",
    async () => {
      const from = sharedSpec("stripe-spec3.2022-04-12.json");
      const model = await loadModel({ schemasDir: PROJECT_ROOT, from: [from], cwd: PROJECT_ROOT });
      const { read, text } = await roundTrip(model);
      expect(read).toEqual(withoutProse(model));
      expect(text).toContain('"fields":["amount","card","currency","customer",{"name":"expand"');
      for (const usual of [
        '"links":[]',
        '"style":"form","explode":true',
        '"method":"post3dSecure"',
        '{"protocol":"rest","name"',
        '"baseUrl":"base_url"',
      ])
        expect(text).not.toContain(usual);
    },
  );

  itWithSpecs(
    "reads a record written before members at their usual value were left out",
    async () => {
      const from = sharedSpec("paypal-checkout-orders-v2.2024-02-02.json");
      const model = await loadModel({ schemasDir: PROJECT_ROOT, from: [from], cwd: PROJECT_ROOT });
      // The earlier layout: every member but the derived ones, facets as the model's list.
      const services = model.services.map((s) => ({
        ...s,
        types: s.types.map(({ allFields: _a, facts: _f, fields, ...t }) => ({
          ...t,
          fields: fields.map(({ required, facets, ...f }) => ({
            ...f,
            ...(required ? { required } : {}),
            ...(facets.length > 0 ? { facets } : {}),
          })),
        })),
      }));
      const dir = await mkdtemp(path.join(tmpdir(), "paygen-record-"));
      try {
        await writeFile(
          path.join(dir, MODEL_RECORD),
          JSON.stringify({ version: "1.0.0", model: { services } }, (key, value: unknown) =>
            LEFT_OUT.has(key) ? undefined : value,
          ),
        );
        expect((await readModelRecord(dir))?.model).toEqual(withoutProse(model));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it("is written one type, enum and operation a line, without indentation", async () => {
    const model = await loadModel({ schemasDir: path.join(PROJECT_ROOT, "schemas") });
    const lines = modelRecordFile(model, "1.0.0").content.split("\n");
    const typeLines = model.services.reduce((n, s) => n + s.types.length + s.enums.length, 0);
    expect(lines.filter((l) => l.startsWith('{"name":')).length).toBeGreaterThanOrEqual(typeLines);
    expect(lines.some((l) => l.startsWith(" "))).toBe(false);
  });

  it("is no record when a service lacks a list to derive from", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "paygen-record-"));
    try {
      await writeFile(
        path.join(dir, MODEL_RECORD),
        JSON.stringify({ version: "1.0.0", model: { services: [{ name: "x", types: [] }] } }),
      );
      expect(await readModelRecord(dir)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
