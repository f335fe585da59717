import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectContractFormat } from "../../generator/frontends/detect-contract-format.js";
import { itWithSpecs, sharedSpec } from "../helpers/shared-specs.js";
import { FIXTURES } from "./wsdl/helpers.js";

/** The text of a published contract, read in place. */
const spec = (file: string): string => readFileSync(sharedSpec(file), "utf8");

describe("telling a contract's format by its content", () => {
  itWithSpecs("recognises the published WSDL, XML schema and Swagger file", () => {
    expect(detectContractFormat(spec("Service.2015-02-02.wsdl"))).toEqual({ kind: "wsdl" });
    expect(detectContractFormat(spec("AnetApiSchema.xsd"))).toEqual({ kind: "xsd" });
    expect(detectContractFormat(spec("cybersource-rest-spec.2020-02-17.json"))).toEqual({
      kind: "swagger",
      version: "2.0",
    });
  });

  it("goes by the root element's namespace, not its prefix or the file name", () => {
    expect(
      detectContractFormat(
        readFileSync(path.join(FIXTURES, "wsdl", "orders", "orders.wsdl"), "utf8"),
      ),
    ).toEqual({ kind: "wsdl" });
    expect(
      detectContractFormat('\uFEFF  <schema xmlns="http://www.w3.org/2001/XMLSchema"/>'),
    ).toEqual({ kind: "xsd" });
    expect(detectContractFormat('<definitions xmlns="urn:not-wsdl"/>')).toEqual({
      kind: "unknown",
      reason:
        "the root element definitions in namespace urn:not-wsdl is neither a WSDL 1.1 wsdl:definitions nor an xs:schema",
    });
    expect(detectContractFormat('<description xmlns="http://www.w3.org/ns/wsdl"/>')).toEqual({
      kind: "unknown",
      reason: "WSDL 2.0 is not read; only WSDL 1.1",
    });
  });

  it("refuses XML it cannot read, a DOCTYPE included, without expanding anything", () => {
    expect(
      detectContractFormat('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
    ).toEqual({
      kind: "unknown",
      reason:
        "the XML cannot be read (line 1, column 1: a DOCTYPE declaration is refused: a DTD can declare entities that expand without bound or read other files and URLs, so none is ever read; remove it)",
    });
  });

  it("finds a top-level swagger or openapi key in JSON, not a nested one", () => {
    expect(
      detectContractFormat('{ "info": { "openapi": "nested" }, "openapi" : "3.1.0" }'),
    ).toEqual({ kind: "openapi", version: "3.1.0" });
    expect(detectContractFormat('{"x": "\\"swagger\\": \\"2.0\\"", "paths": {}}')).toEqual({
      kind: "unknown",
      reason: 'the JSON has no top-level "swagger" or "openapi" key',
    });
    expect(detectContractFormat('{"swagger": 2}')).toEqual({ kind: "swagger" });
  });

  it("finds a top-level swagger or openapi key in YAML", () => {
    expect(detectContractFormat("# An API\nopenapi: 3.0.3\ninfo:\n  title: x\n")).toEqual({
      kind: "openapi",
      version: "3.0.3",
    });
    expect(detectContractFormat("---\n'swagger': \"2.0\" # old\n")).toEqual({
      kind: "swagger",
      version: "2.0",
    });
    expect(detectContractFormat("info:\n  openapi: 3.0.0\n")).toEqual({
      kind: "unknown",
      reason: 'the YAML has no top-level "swagger" or "openapi" key (nor "overlay")',
    });
    // An overlay names the contract it adds to.
    expect(detectContractFormat("# adds to the spec\noverlay:\n  contract: spec.json\n")).toEqual({
      kind: "overlay",
    });
    expect(detectContractFormat("types:\n  overlay: 1\n")).toEqual({
      kind: "unknown",
      reason: 'the YAML has no top-level "swagger" or "openapi" key (nor "overlay")',
    });
    expect(detectContractFormat("   \n")).toEqual({ kind: "unknown", reason: "the file is empty" });
  });
});
