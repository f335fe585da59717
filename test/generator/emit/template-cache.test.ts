import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Handlebars from "handlebars";
import { afterEach, describe, expect, it } from "vitest";
import { compileTemplate } from "../../../generator/emit/template-cache.js";

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function cacheDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "paygen-template-cache-"));
  folders.push(dir);
  return path.join(dir, "templates");
}

const OPTIONS = { noEscape: true, strict: true } as const;
const SOURCE =
  '# {{up name}}\n{{#each items}}- {{this.label}} <{{this.code}}>\n{{/each}}{{#if note}}"{{note}}"{{/if}}\n';
const VIEW = {
  name: "pay",
  items: [
    { label: "a&b", code: 1 },
    { label: "c", code: 2 },
  ],
  note: "n",
};

function environment(): typeof Handlebars {
  const hb = Handlebars.create();
  hb.registerHelper("up", (value: unknown) => String(value).toUpperCase());
  return hb;
}

describe("compileTemplate", () => {
  it("renders what hb.compile renders, compiled or from the cache", () => {
    const dir = cacheDir();
    const expected = environment().compile(SOURCE, OPTIONS)(VIEW);
    expect(expected).toBe('# PAY\n- a&b <1>\n- c <2>\n"n"\n');
    expect(compileTemplate(environment(), "t", SOURCE, OPTIONS, dir)(VIEW)).toBe(expected);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(compileTemplate(environment(), "t", SOURCE, OPTIONS, dir)(VIEW)).toBe(expected);
  });

  it("keeps strict mode: a missing field throws as with hb.compile", () => {
    const dir = cacheDir();
    const missing = { name: "pay", items: [{ code: 1 }], note: "" };
    expect(() => environment().compile(SOURCE, OPTIONS)(missing)).toThrow(/"label" not defined/);
    expect(() => compileTemplate(environment(), "t", SOURCE, OPTIONS, dir)(missing)).toThrow(
      /"label" not defined/,
    );
    expect(() => compileTemplate(environment(), "t", SOURCE, OPTIONS, dir)(missing)).toThrow(
      /"label" not defined/,
    );
  });

  it("uses the cached form of the same text only, and keeps one form a template", () => {
    const dir = cacheDir();
    compileTemplate(environment(), "t", SOURCE, OPTIONS, dir);
    const [first] = readdirSync(dir);
    expect(compileTemplate(environment(), "t", `${SOURCE}!`, OPTIONS, dir)(VIEW)).toMatch(/!$/);
    const [second] = readdirSync(dir);
    expect(second).not.toBe(first);
    compileTemplate(environment(), "t", SOURCE, { ...OPTIONS, strict: false }, dir);
    expect(readdirSync(dir)).toHaveLength(1);
    compileTemplate(environment(), "u", SOURCE, OPTIONS, dir);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it("compiles again over a cached form that cannot be evaluated", () => {
    const dir = cacheDir();
    compileTemplate(environment(), "t", SOURCE, OPTIONS, dir);
    const [file] = readdirSync(dir);
    const written = readFileSync(path.join(dir, file!), "utf8");
    writeFileSync(path.join(dir, file!), "{ broken");
    expect(compileTemplate(environment(), "t", SOURCE, OPTIONS, dir)(VIEW)).toBe(
      environment().compile(SOURCE, OPTIONS)(VIEW),
    );
    expect(readFileSync(path.join(dir, file!), "utf8")).toBe(written);
  });

  it("compiles when the cache cannot be written", () => {
    const dir = cacheDir();
    writeFileSync(path.dirname(dir) + "/blocker", "");
    const blocked = path.join(path.dirname(dir), "blocker", "templates");
    expect(compileTemplate(environment(), "t", SOURCE, OPTIONS, blocked)(VIEW)).toBe(
      environment().compile(SOURCE, OPTIONS)(VIEW),
    );
  });
});
