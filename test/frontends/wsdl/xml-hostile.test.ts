import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Diagnostics, formatDiagnostic } from "../../../generator/diagnostics/diagnostic.js";
import { readSchemaFiles } from "../../../generator/frontends/wsdl/load-schema-set.js";
import { readXmlFile } from "../../../generator/frontends/xml/read-xml-file.js";
import { readXml } from "../../../generator/frontends/xml/read-xml.js";
import { SourceProblem } from "../../../generator/frontends/source/source-problem.js";
import { sourceLimits } from "../../../generator/frontends/source/source-limits.js";
import { readWsdlFixture, readXsdFixtures } from "./helpers.js";

/** Hostile input is normal input: each of these is refused at a position, quickly, with nothing expanded or fetched. */

const DOCTYPE_REFUSED =
  "a DOCTYPE declaration is refused: a DTD can declare entities that expand without bound or read other files and URLs, so none is ever read; remove it";

function failure(text: string, limits = {}): string {
  try {
    readXml(text, { file: "t.xml", limits });
  } catch (error) {
    if (error instanceof SourceProblem) return error.toString();
    throw error;
  }
  throw new Error("the text was read without error");
}

describe("hostile XML", () => {
  it("refuses a DTD, an external DTD, an external entity and the billion laughs at the DOCTYPE, expanding nothing", async () => {
    const { problems } = await readXsdFixtures("hostile", [
      "dtd.xsd",
      "billion-laughs.xsd",
      "external-dtd.xsd",
    ]);
    expect(problems).toEqual([
      `billion-laughs.xsd:2:1: ${DOCTYPE_REFUSED}`,
      `dtd.xsd:2:1: ${DOCTYPE_REFUSED}`,
      `external-dtd.xsd:2:1: ${DOCTYPE_REFUSED}`,
    ]);
    const wsdl = await readWsdlFixture("hostile", "external-entity.wsdl");
    expect(wsdl.wsdl).toBeUndefined();
    expect(wsdl.problems).toEqual([`external-entity.wsdl:2:1: ${DOCTYPE_REFUSED}`]);
  });

  it("refuses an entity no DTD declares, and processing instructions", async () => {
    const { problems } = await readXsdFixtures("hostile", [
      "undeclared-entity.xsd",
      "processing-instruction.xsd",
    ]);
    expect(problems).toEqual([
      "processing-instruction.xsd:2:1: processing instructions are refused (<?xml-stylesheet ...?>); remove it",
      "undeclared-entity.xsd:3:46: the entity reference &copy; is refused: only &lt; &gt; &amp; &apos; &quot; and character references are read (any other entity would need a DTD, which is never read)",
    ]);
  });

  it("refuses a DOCTYPE anywhere, even inside an element", () => {
    expect(failure('<a><!DOCTYPE a SYSTEM "http://example.com/a.dtd"></a>')).toBe(
      `t.xml:1:4: ${DOCTYPE_REFUSED}`,
    );
  });

  it("refuses 10,000 nested elements at the first one beyond the depth limit, without exhausting the stack", () => {
    const deep = "<a>".repeat(10_000) + "</a>".repeat(10_000);
    expect(failure(deep)).toBe(
      "t.xml:1:1537: elements are nested more than 512 deep; at most 512 levels are read",
    );
    // Just within the limit is read, without recursion.
    const within = "<a>".repeat(512) + "</a>".repeat(512);
    expect(readXml(within, { file: "t.xml" }).root.name.local).toBe("a");
    expect(failure("<a><b><c/></b></a>", { maxDepth: 2 })).toBe(
      "t.xml:1:7: elements are nested more than 2 deep; at most 2 levels are read",
    );
  });

  it("refuses a document larger than the limit before reading it, and the limit is configurable", () => {
    const huge = `<a>${"x".repeat(50 * 1024 * 1024)}</a>`;
    expect(failure(huge)).toBe(
      `t.xml:1:1: the document is ${huge.length} characters long; at most ${sourceLimits("xml").maxBytes} are read`,
    );
    expect(failure("<a>0123456789</a>", { maxBytes: 10 })).toBe(
      "t.xml:1:1: the document is 17 characters long; at most 10 are read",
    );
  });

  describe("a 50 MB file", () => {
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), "xml-hostile-"));
      const chunk = `<xs:element name="e" type="xs:string"/>\n`;
      const body = chunk.repeat(Math.ceil((50 * 1024 * 1024) / chunk.length));
      await writeFile(
        path.join(folder, "huge.xsd"),
        `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${body}</xs:schema>\n`,
      );
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    it("is refused by its size, before it is read", async () => {
      await expect(
        readXmlFile(path.join(folder, "huge.xsd"), { displayPath: "huge.xsd" }),
      ).rejects.toThrow(/^huge\.xsd:1:1: the file is \d+ bytes; at most 33554432 bytes are read$/);
      const diagnostics = new Diagnostics();
      await readSchemaFiles(["huge.xsd"], { cwd: folder }, diagnostics);
      expect(diagnostics.sorted().map(formatDiagnostic)).toEqual([
        expect.stringMatching(
          /^huge\.xsd:1:1: the file is 5\d{7} bytes; at most 33554432 bytes are read$/,
        ),
      ]);
    });
  });

  it("takes time linear in the input: 16 times the input takes nowhere near 256 times as long", () => {
    // Linear time gives a ratio near 16 (up to about 60 here), quadratic 256 or more. Small trees are read several times faster per
    // element than large ones (they never leave the young generation), and the machine may be busy (a run with
    // other processes on every core measured 49 at 8 times the input): time is this process's CPU time, not the
    // clock, the best of a few runs, and the bound sits far from both.
    const shapes: Record<string, (n: number) => string> = {
      "elements with attributes, references and text": (n) =>
        `<r>${'<e a="1" b="two" c="&amp;x">text &lt; more</e>\n'.repeat(n)}</r>`,
      "attributes on one element, each checked against the others": (n) =>
        `<r ${Array.from({ length: n }, (_, i) => `a${i}="v"`).join(" ")}/>`,
      "500 levels, each declaring a prefix, every element named with the outermost one": (n) =>
        `<p:r xmlns:p="urn:p">${`${Array.from({ length: 500 }, (_, i) => `<p:e xmlns:q${i}="urn:${i}">`).join("")}${"</p:e>".repeat(500)}`.repeat(Math.max(1, Math.round(n / 500)))}</p:r>`,
    };
    const best = (text: string, runs: number): number => {
      let min = Number.POSITIVE_INFINITY;
      for (let run = 0; run < runs; run++) {
        const start = process.cpuUsage();
        readXml(text, { file: "t.xml" });
        const used = process.cpuUsage(start);
        min = Math.min(min, used.user + used.system);
      }
      return min;
    };
    for (const [name, make] of Object.entries(shapes)) {
      const ratio = best(make(40_000), 3) / best(make(2_500), 5);
      expect({ name, ratio, linear: ratio < 160 }).toEqual({ name, ratio, linear: true });
    }
  });
});
