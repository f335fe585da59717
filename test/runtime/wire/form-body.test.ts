import { describe, expect, it } from "vitest";
import {
  deepObjectFields,
  formBody,
  stylePairs,
  withStyledQuery,
} from "../../../generator/runtime/form-body.js";
import { multipartBody, validateWithFiles } from "../../../generator/runtime/multipart-body.js";
import { ValidationError } from "../../../generator/runtime/errors.js";

/** Form serialisation as OpenAPI 3.0.3 says it (style and explode), and multipart bodies. */
describe("form bodies and styled query parameters", () => {
  it("writes each style and explode of a list, an object and a scalar as the specification's examples do", () => {
    const list = ["blue", "black"];
    const object = { R: 100, G: 200 };
    expect(stylePairs("color", list, "form", true)).toEqual([
      ["color", "blue"],
      ["color", "black"],
    ]);
    expect(stylePairs("color", list, "form", false)).toEqual([["color", "blue,black"]]);
    expect(stylePairs("color", list, "spaceDelimited", false)).toEqual([["color", "blue black"]]);
    expect(stylePairs("color", list, "pipeDelimited", false)).toEqual([["color", "blue|black"]]);
    expect(stylePairs("color", object, "form", true)).toEqual([
      ["R", "100"],
      ["G", "200"],
    ]);
    expect(stylePairs("color", object, "form", false)).toEqual([["color", "R,100,G,200"]]);
    expect(stylePairs("color", object, "deepObject", true)).toEqual([
      ["color[R]", "100"],
      ["color[G]", "200"],
    ]);
    expect(stylePairs("color", "blue", "form", true)).toEqual([["color", "blue"]]);
    expect(stylePairs("color", undefined, "form", true)).toEqual([]);
  });

  it("refuses a lone surrogate (no UTF-8 form) by the property's name, a map's key not named, nothing quoted", () => {
    const refusal = (write: () => unknown) => {
      try {
        write();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const body = refusal(() => formBody({ note: "ok", secret: "s3cr\uD800t" }, []));
    expect(body).toBeInstanceOf(ValidationError);
    expect((body as ValidationError).issues).toEqual([
      {
        path: "secret",
        code: "format",
        message: "holds a lone UTF-16 surrogate, which no URL or form can carry",
      },
    ]);
    expect((body as Error).message).not.toContain("s3cr");
    const keyed = refusal(() =>
      formBody({ metadata: { "k\uDC00ey": "v" } }, [
        { name: "metadata", style: "deepObject", explode: true },
      ]),
    );
    expect((keyed as ValidationError).issues[0]!.path).toBe("metadata");
    const query = refusal(() =>
      withStyledQuery("https://x.test/a", { tokens: ["t1", "t\uD83D"] }, [
        { name: "tokens", style: "pipeDelimited", explode: false },
      ]),
    );
    expect((query as ValidationError).issues[0]!.path).toBe("tokens");
    // A pair of surrogates (an emoji) is text like any other.
    expect(formBody({ note: "\uD83D\uDE00" }, [])).toBe("note=%F0%9F%98%80");
  });

  it("writes deepObject lists by index and nested objects in brackets, absent values left out", () => {
    const body = formBody(
      {
        amount: 2000,
        expand: ["customer", "invoice"],
        metadata: { order: "a b", note: undefined },
        card: { number: "4242", address: { city: "Zürich" } },
        capture: false,
      },
      [
        { name: "expand", style: "deepObject", explode: true },
        { name: "metadata", style: "deepObject", explode: true },
        { name: "card", style: "deepObject", explode: true },
      ],
    );
    expect(decodeURIComponent(body)).toBe(
      "amount=2000&expand[0]=customer&expand[1]=invoice&metadata[order]=a b&card[number]=4242&card[address][city]=Zürich&capture=false",
    );
    expect(body).toContain("metadata%5Border%5D=a%20b");
  });

  it("names exploded deepObject fields in one call, each entry as written out", () => {
    expect(deepObjectFields("expand", "metadata")).toEqual([
      { name: "expand", style: "deepObject", explode: true },
      { name: "metadata", style: "deepObject", explode: true },
    ]);
    expect(deepObjectFields()).toEqual([]);
  });

  it("appends styled query parameters to a URL that may already have a query", () => {
    const fields = [{ name: "filter", style: "deepObject" as const, explode: true }];
    expect(withStyledQuery("http://h/p", { filter: { status: "open" }, limit: 3 }, fields)).toBe(
      "http://h/p?filter%5Bstatus%5D=open&limit=3",
    );
    expect(withStyledQuery("http://h/p?x=1", { filter: undefined }, fields)).toBe("http://h/p?x=1");
  });
});

describe("multipart bodies", () => {
  it("writes files as bytes with their media type, objects as JSON and scalars as text, one part per list item", async () => {
    const written = await multipartBody(
      {
        file: new Uint8Array([0, 1, 255]),
        purpose: "dispute_evidence",
        tags: ["a", "b"],
        meta: { k: "v" },
      },
      [
        {
          name: "file",
          style: "form",
          explode: true,
          file: true,
          contentType: "image/png",
        },
      ],
    );
    const boundary = /boundary=(.+)$/.exec(written.contentType)![1]!;
    expect(written.contentType).toMatch(/^multipart\/form-data; boundary=paygen-[0-9a-f]{32}$/);
    const text = new TextDecoder("latin1").decode(written.bytes);
    expect(text).toBe(
      [
        `--${boundary}`,
        'content-disposition: form-data; name="file"; filename="file"',
        "content-type: image/png",
        "",
        "\u0000\u0001\u00ff",
        `--${boundary}`,
        'content-disposition: form-data; name="purpose"',
        "content-type: text/plain; charset=utf-8",
        "",
        "dispute_evidence",
        `--${boundary}`,
        'content-disposition: form-data; name="tags"',
        "content-type: text/plain; charset=utf-8",
        "",
        "a",
        `--${boundary}`,
        'content-disposition: form-data; name="tags"',
        "content-type: text/plain; charset=utf-8",
        "",
        "b",
        `--${boundary}`,
        'content-disposition: form-data; name="meta"',
        "content-type: application/json",
        "",
        '{"k":"v"}',
        `--${boundary}--`,
        "",
      ].join("\r\n"),
    );
  });

  it("refuses text where a file is due, and checks the other fields with the body's validator", async () => {
    await expect(
      multipartBody({ file: "not bytes" }, [
        { name: "file", style: "form", explode: true, file: true },
      ]),
    ).rejects.toThrow("must be a Blob or a Uint8Array");
    const validate = validateWithFiles(
      (value: unknown) =>
        (value as { note?: unknown }).note === 1
          ? {
              ok: false as const,
              issues: [
                {
                  path: "note",
                  code: "type" as const,
                  message: "must be text",
                },
              ],
            }
          : {
              ok: true as const,
              value: value as { file: string; note?: string },
            },
      ["file"],
    );
    expect(validate({ file: new Blob(["x"]) }).ok).toBe(true);
    expect(validate({ file: "x" })).toEqual({
      ok: false,
      issues: [
        {
          path: "file",
          code: "type",
          message: "must be a Blob or a Uint8Array (a file)",
        },
      ],
    });
    expect(validate({ file: new Uint8Array(1), note: 1 })).toEqual({
      ok: false,
      issues: [{ path: "note", code: "type", message: "must be text" }],
    });
  });
});
