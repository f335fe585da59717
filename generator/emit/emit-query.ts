import { enumTypeExpression, enumValuesOf } from "./enum-values.js";
import { VariableDeclarationKind } from "./ts-morph.js";
import { serviceFile, type EmitContext } from "./emit-context.js";
import type { GeneratedFile } from "./generated-file.js";
import { docText, inlineDoc } from "./jsdoc.js";
import { paths } from "./paths.js";
import { stringLiteral } from "./schema-text.js";

const QUERY = paths.runtime("search-query/index.ts");

/**
 * `<service>/query.ts` for a service with a query language: the field-name
 * union, the language as data, and the typed builder, parser, sort and
 * request helpers of the runtime bound to it.
 */
export function emitQuery(ctx: EmitContext): GeneratedFile {
  const { service, names } = ctx;
  const q = service.query;
  if (!q) throw new Error(`service ${service.name} has no query language`);
  const file = serviceFile(ctx, paths.query(service.name));
  const name = (kind: Parameters<typeof names.get>[0]) => names.get(kind, service.name);
  const fieldType = name("queryField");
  const zone = enumTypeExpression(file, service, names, q.timeZones);
  const fieldNames = q.fields.flatMap((f) => [f.name, ...(f.alias ? [f.alias] : [])]);
  file.addTypeAlias({
    isExported: true,
    name: fieldType,
    docs: [`Every field a query may name, aliases included.`],
    type: fieldNames.map(stringLiteral).join(" | "),
  });
  const fieldLines = q.fields.map((f) => {
    const doc = docText(f);
    const comment = doc ? `${inlineDoc(doc).trimEnd()}\n` : "";
    return `${comment}{ name: ${stringLiteral(f.name)}, ${f.alias ? `alias: ${stringLiteral(f.alias)}, ` : ""}kind: ${stringLiteral(f.kind)} },`;
  });
  const languageName = name("queryLanguage");
  const languageDocs = docText(q);
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    ...(languageDocs ? { docs: [languageDocs] } : {}),
    declarations: [
      {
        name: languageName,
        initializer: `{
  fields: [\n${fieldLines.join("\n")}\n],
  wildcard: { leading: ${q.wildcard.leading}, minPrefix: ${q.wildcard.minPrefix} },
  recommend: { maxValuesPerLookup: ${q.recommend.maxValuesPerLookup}, maxWindowDays: ${q.recommend.maxWindowDays} },
  defaultWindowDays: ${q.defaultWindowDays},
  dateMathUnits: [${q.dateMathUnits.map(stringLiteral).join(", ")}],
  timeZones: ${enumValuesOf(file, service, names, q.timeZones)},
  presets: [\n${q.presets.map((p) => `{ name: ${stringLiteral(p.name)}, title: ${stringLiteral(p.title)}, range: ${stringLiteral(p.range)} },`).join("\n")}\n],
} as const satisfies ${file.type("QueryLanguage", QUERY)}<${fieldType}, ${zone}>`,
      },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      `Builds queries that cannot be invalid: field names are checked by the compiler, values are quoted and escaped, AND/OR nesting gets its parentheses, and wildcards need ${q.wildcard.minPrefix} characters before \`*\`.`,
    ],
    declarations: [
      {
        name: name("queryBuilder"),
        initializer: `/* @__PURE__ */ ${file.value("createQueryBuilder", QUERY)}(${languageName})`,
      },
    ],
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["`field:asc` or `field:desc` over the known fields."],
    declarations: [
      {
        name: name("querySort"),
        initializer: `/* @__PURE__ */ ${file.value("createSort", QUERY)}(${languageName})`,
      },
    ],
  });
  file.addFunction({
    isExported: true,
    name: name("queryParser"),
    docs: [
      "Parses a query written by hand: its syntax tree, or every error with its column; warnings for the documented recommendations.",
    ],
    parameters: [
      { name: "text", type: "string" },
      {
        name: "options",
        type: `${file.type("ParseOptions", QUERY)}<${zone}>`,
        hasQuestionToken: true,
      },
    ],
    returnType: `${file.type("ParseResult", QUERY)}<${fieldType}>`,
    statements: `return ${file.value("parseQuery", QUERY)}(text, ${languageName}, options);`,
  });
  file.addFunction({
    isExported: true,
    name: name("queryRequestBuilder"),
    docs: [
      "The body of a search request, checked: the query parses, the sort field is known, the time zone is documented, offset and limit are whole numbers. Throws `ValidationError` listing every problem.",
    ],
    parameters: [
      { name: "input", type: `${file.type("SearchRequestInput", QUERY)}<${fieldType}, ${zone}>` },
    ],
    returnType: `${file.type("SearchRequest", QUERY)}<${zone}>`,
    statements: `return ${file.value("createSearchRequest", QUERY)}(input, ${languageName});`,
  });
  const sensitive = q.fields.flatMap((f) =>
    f.sensitive
      ? [f.name, ...(f.alias ? [f.alias] : [])].map(
          (n) => `${stringLiteral(n)}: ${stringLiteral(f.sensitive!)}`,
        )
      : [],
  );
  file.addFunction({
    isExported: true,
    name: name("queryRedactor"),
    docs: [
      `A query fit for logs: values of the sensitive query fields (${
        q.fields
          .filter((f) => f.sensitive)
          .map((f) => `\`${f.name}\``)
          .join(", ") || "none"
      }) are redacted; a query that does not parse is withheld whole.`,
    ],
    parameters: [{ name: "query", type: "string" }],
    returnType: "string",
    statements: `return ${file.value("redactQuery", QUERY)}(query, ${languageName}, { ${sensitive.join(", ")} });`,
  });
  file.addExportDeclaration({
    moduleSpecifier: "../runtime/search-query/index.js",
    namedExports: ["presets", "now", "epochMillis", "evaluateRange", "evaluateDateMath"],
  });
  return file.finish();
}
