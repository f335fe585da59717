import type { Diagnostics, Position } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/did-you-mean.js";
import type {
  Description,
  EnumDescription,
  FieldDescription,
  ServiceDescription,
  TypeDescription,
} from "../description/description.js";
import { lowerCamel } from "../naming/case.js";
import { SCALAR_NAMES, type ScalarName } from "../model/vocabulary.js";
import { checkFlows } from "./check-flows.js";
import { checkXmlNodes } from "./check-xml-nodes.js";
import { checkSoapHeaders } from "./check-soap-headers.js";
import { checkChoiceGroups } from "./check-choice-groups.js";
import { checkUnions } from "./check-unions.js";
import { checkRequestConstants } from "./check-request-constants.js";
import { checkFacets } from "./check-facets.js";
import { constProblem, enumValues } from "./const-fit.js";
import { resolvePath } from "./resolve-path.js";

/**
 * Checks a description, whichever front end read it: references, duplicates,
 * cycles, facets that fit their types, bindings, links, flows, the query
 * language. Every problem goes to `diagnostics`, with its position.
 */
export function checkDescription(description: Description, diagnostics: Diagnostics): void {
  for (const service of description.services) checkService(service, diagnostics);
}

function checkService(s: ServiceDescription, d: Diagnostics): void {
  const block = s;

  // One namespace for types and enums.
  const typeNames = new Map<string, TypeDescription>();
  const enumNames = new Map<string, EnumDescription>();
  const seen = new Map<string, Position>();
  const claim = (name: string, at: Position, what: string) => {
    const first = seen.get(name);
    if (first)
      d.error(
        at,
        `${what} "${name}" is already declared at ${first.file}:${first.line}:${first.col}`,
      );
    else seen.set(name, at);
  };
  for (const t of s.types) {
    claim(t.name, t.at, t.origin.kind === "declared" ? "type" : "generated type");
    if (!typeNames.has(t.name)) typeNames.set(t.name, t);
  }
  for (const e of s.enums) {
    claim(e.name, e.at, "enum");
    if (!enumNames.has(e.name)) enumNames.set(e.name, e);
  }
  for (const scalar of SCALAR_NAMES) {
    const clash = typeNames.get(scalar) ?? enumNames.get(scalar);
    if (clash) d.error(clash.at, `"${scalar}" is a scalar name and cannot name a type`);
  }
  uniqueNames(s.operations, "operation", d);
  uniqueNames(s.flows, "flow", d);
  uniqueNames(s.gaps, "gap", d);
  uniqueNames(s.events, "event", d);
  const methods = new Map<string, Position>();
  for (const op of s.operations) {
    const m = lowerCamel(op.name);
    if (methods.has(m))
      d.error(op.at, `operation "${op.name}" has the same method name "${m}" as another operation`);
    methods.set(m, op.at);
  }

  const gapIds = new Set(s.gaps.map((g) => g.name));
  const checkGap = (ref: { name: string; at: Position } | undefined) => {
    if (ref && !gapIds.has(ref.name))
      d.error(ref.at, `unknown gap "${ref.name}"${didYouMean(ref.name, gapIds)}`);
  };

  const allTypeNames = [...typeNames.keys(), ...enumNames.keys(), ...SCALAR_NAMES];
  const resolve = (
    ref: { name: string; at: Position },
    what: string,
  ): "scalar" | "object" | "enum" | undefined => {
    if ((SCALAR_NAMES as readonly string[]).includes(ref.name)) return "scalar";
    if (typeNames.has(ref.name)) return "object";
    if (enumNames.has(ref.name)) return "enum";
    d.error(ref.at, `unknown ${what} "${ref.name}"${didYouMean(ref.name, allTypeNames)}`);
    return undefined;
  };

  // Service bindings.
  if (block.soap) {
    for (const base of [block.soap.requestBase, block.soap.responseBase]) {
      if (!base) continue;
      const t = typeNames.get(base.name);
      if (!t) resolve(base, "type");
      else if (t.kind !== "object") d.error(base.at, `"${base.name}" must be an object type`);
    }
    const credentials = block.soap.credentials;
    const requestBase = block.soap.requestBase
      ? typeNames.get(block.soap.requestBase.name)
      : undefined;
    if (credentials && requestBase) {
      const field = requestBase.fields.find((f) => f.name === credentials.name);
      if (!field)
        d.error(
          credentials.at,
          `"${credentials.name}" is not a field of the request base "${requestBase.name}"${didYouMean(
            credentials.name,
            requestBase.fields.map((f) => f.name),
          )}`,
        );
      else if (!typeNames.has(field.type.name))
        d.error(
          credentials.at,
          `the credentials field "${credentials.name}" must hold an object type, not "${field.type.name}"`,
        );
    }
    if (credentials && !block.soap.requestBase) {
      // Without a request base, every authenticating request carries the field itself, of one object type.
      const holders = s.operations
        .filter((op) => op.protocol === "soap" && op.auth)
        .map((op) => (op.requestType ? typeNames.get(op.requestType.name) : undefined));
      const types = new Set(
        holders.map((t) => t?.fields.find((f) => f.name === credentials.name)?.type.name),
      );
      const only = types.size === 1 ? [...types][0] : undefined;
      if (holders.length === 0 || only === undefined || !typeNames.has(only)) {
        d.error(
          credentials.at,
          `the credentials field "${credentials.name}" must be a field of a request base, or a field of one object type in every request that authenticates`,
        );
      }
    }
    const authenticated = s.operations.find((op) => op.protocol === "soap" && op.auth);
    if (!credentials && authenticated)
      d.error(
        authenticated.at,
        `operation "${authenticated.name}" authenticates, but the service names no credentials field: add "credentials: FIELD" to its soap block (or "auth: false" here)`,
      );
  }
  if (block.rest) {
    const responses = s.operations
      .flatMap((op) =>
        op.protocol === "rest" && op.responseType ? [typeNames.get(op.responseType.name)] : [],
      )
      .filter((t): t is TypeDescription => t !== undefined);
    for (const o of block.rest.outcome) {
      if (!responses.some((t) => typeof resolvePath(t, o.path.split("."), typeNames) !== "string"))
        d.error(o.at, `outcome field "${o.path}" is not a field of any operation's response`);
    }
  }
  const baseUrls = new Set(block.rest?.baseUrls.map((b) => b.name) ?? []);

  // Types and fields.
  for (const t of s.types) {
    checkGap(t.gap);
    if (t.extends) {
      const base = typeNames.get(t.extends.name);
      if (!base) resolve(t.extends, "type");
      else if (base.kind !== "object")
        d.error(
          t.extends.at,
          `"${t.name}" extends "${base.name}", which is a ${base.kind} type; only object types can be extended`,
        );
    }
    const fieldNames = new Map<string, Position>();
    for (const f of t.fields) {
      if (fieldNames.has(f.name))
        d.error(f.at, `field "${f.name}" is declared twice in "${t.name}"`);
      fieldNames.set(f.name, f.at);
      if (t.kind === "choice" && f.required)
        d.error(
          f.requiredAt ?? f.at,
          `"${f.name}" is a member of the choice "${t.name}" and cannot be required: exactly one member is present`,
        );
      checkField(f, t, s, resolve, enumNames, d);
      checkGap(f.gap);
    }
    if (t.kind === "choice" && t.fields.length < 2)
      d.error(t.at, `choice "${t.name}" needs at least two members`);
    checkChoiceGroups(t, d);
  }
  checkXmlNodes(s, typeNames, d);
  checkSoapHeaders(s, typeNames, d);
  checkUnions(s, typeNames, d);
  checkExtensionCycles(s.types, typeNames, d);
  checkRequiredCycles(s.types, typeNames, d);
  checkInheritedDuplicates(s.types, typeNames, d);

  // Enums.
  for (const e of s.enums) {
    const values = new Set<string>();
    const allValues = e.groups ? e.groups.members.flatMap((m) => m.values) : e.values;
    if (!e.groups) {
      for (const v of e.values) {
        if (values.has(v.value)) d.error(v.at, `enum "${e.name}" lists "${v.value}" twice`);
        values.add(v.value);
      }
    } else {
      for (const v of allValues) values.add(v.value);
      const by = enumNames.get(e.groups.by.name);
      if (!by)
        d.error(
          e.groups.by.at,
          `unknown enum "${e.groups.by.name}"${didYouMean(e.groups.by.name, enumNames.keys())}`,
        );
      else {
        const groupValues = new Set(by.values.map((v) => v.value));
        for (const m of e.groups.members) {
          if (!groupValues.has(m.group))
            d.error(
              m.at,
              `"${m.group}" is not a value of enum "${by.name}"${didYouMean(m.group, groupValues)}`,
            );
          const inGroup = new Set<string>();
          for (const v of m.values) {
            if (inGroup.has(v.value))
              d.error(v.at, `"${v.value}" is listed twice in group "${m.group}"`);
            inGroup.add(v.value);
          }
        }
      }
    }
    if (e.default && !values.has(e.default.value)) {
      d.error(
        e.default.at,
        `default "${e.default.value}" is not a value of enum "${e.name}"${didYouMean(e.default.value, values)}`,
      );
    }
  }

  // Operations.
  for (const op of s.operations) {
    if (op.protocol === "rest") {
      const { requestType, responseType } = op;
      if (!baseUrls.has(op.baseUrl.name))
        d.error(
          op.baseUrl.at,
          `unknown base URL "${op.baseUrl.name}"${didYouMean(op.baseUrl.name, baseUrls)}`,
        );
      const inPath = [...op.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
      const declared = new Set(op.params.map((p) => p.name));
      for (const p of inPath)
        if (!declared.has(p))
          d.error(op.pathAt, `path parameter {${p}} is not declared in "params"`);
      for (const p of op.params) {
        if (!inPath.includes(p.name))
          d.error(p.at, `parameter "${p.name}" does not appear in the path ${op.path}`);
        const kind = resolve(p.type, "type");
        if (kind === "object") d.error(p.type.at, "a path parameter must be a scalar or an enum");
        checkParameterMark(p, kind, d);
      }
      const schemes = new Set((s.rest?.security ?? []).map((x) => x.name));
      for (const use of op.security ?? [])
        if (!schemes.has(use.name))
          d.error(use.at, `unknown security scheme "${use.name}"${didYouMean(use.name, schemes)}`);
      // A name given to parameters of two places is no problem: the naming table gives each its own property in the call's params object.
      for (const [where, list] of [
        ["query", op.query ?? []],
        ["header", op.headers ?? []],
        ["cookie", op.cookies ?? []],
      ] as const) {
        const seenParams = new Set<string>();
        for (const p of list) {
          // Header names are case-insensitive; query and cookie names are not (`maxResults` and `MaxResults` are two).
          const key = where === "header" ? p.name.toLowerCase() : p.name;
          if (seenParams.has(key)) d.error(p.at, `${where} parameter "${p.name}" is listed twice`);
          seenParams.add(key);
          const kind = resolve(p.type, "type");
          // An object in the query is written as its contract's style says (deepObject: `name[key]=value`).
          const styled =
            where === "query" &&
            op.protocol === "rest" &&
            (op.wire?.query ?? []).some((q) => q.name === p.name);
          if (kind === "object" && !styled)
            d.error(
              p.type.at,
              `a ${where} parameter must be a scalar or an enum, or a list of them`,
            );
          checkFacets(p, kind === "scalar" ? (p.type.name as ScalarName) : undefined, d);
          checkParameterMark(p, kind, d);
        }
      }
      for (const ref of [requestType, responseType]) {
        if (!ref) continue;
        const kind = resolve(ref, "type");
        if (kind && kind !== "object")
          d.error(ref.at, `a body must be an object type, not the ${kind} "${ref.name}"`);
      }
      const codes = new Set<number>();
      for (const st of op.statuses) {
        if (codes.has(st.code)) d.error(st.at, `status ${st.code} is listed twice`);
        codes.add(st.code);
      }
      if (op.httpMethod === "GET" && requestType)
        d.error(requestType.at, "a GET operation has no request body");
      const response = responseType ? typeNames.get(responseType.name) : undefined;
      const methodsSeen = new Set<string>();
      for (const link of op.links) {
        if (!s.operations.some((o) => o.name === link.operation.name))
          d.error(
            link.operation.at,
            `unknown operation "${link.operation.name}"${didYouMean(
              link.operation.name,
              s.operations.map((o) => o.name),
            )}`,
          );
        if (methodsSeen.has(link.method))
          d.error(link.at, `link method "${link.method}" is used twice`);
        methodsSeen.add(link.method);
        if (!response) d.error(link.at, "links need a response body with a _links object");
        else {
          const found = resolvePath(response, ["_links", link.name], typeNames);
          if (typeof found === "string")
            d.error(link.at, `"_links.${link.name}" is not a field of ${response.name}: ${found}`);
        }
      }
    }
  }

  // Flows, query, events.
  checkFlows(s, typeNames, enumNames, d);
  checkRequestConstants(s, typeNames, enumNames, d);
  const query = s.query;
  if (query) {
    const tz = enumNames.get(query.timeZones.name);
    if (!tz)
      d.error(
        query.timeZones.at,
        `unknown enum "${query.timeZones.name}"${didYouMean(query.timeZones.name, enumNames.keys())}`,
      );
    const names = new Map<string, Position>();
    for (const f of query.fields) {
      for (const n of [f.name, f.alias?.name].filter((x): x is string => x !== undefined)) {
        if (names.has(n)) d.error(f.at, `query field "${n}" is listed twice`);
        names.set(n, f.at);
      }
    }
    for (const p of query.presets) {
      if (!/^[[{].+ TO .+[\]}]$/.test(p.range))
        d.error(p.at, `preset "${p.name}" range must look like "[start TO end}"`);
    }
  }
  for (const ev of s.events) {
    checkGap(ev.payloadGap);
    for (const p of ev.payloads ?? [])
      if (!allTypeNames.includes(p.name))
        d.error(p.at, `unknown payload type "${p.name}"${didYouMean(p.name, allTypeNames)}`);
  }
  for (const op of s.operations) if (op.protocol === "soap") checkGap(op.responseGap);
}

/** A parameter's mark (an overlay's, or a schema's): a kind of secret, on a scalar value. */
function checkParameterMark(
  p: FieldDescription,
  kind: "scalar" | "object" | "enum" | undefined,
  d: Diagnostics,
): void {
  if (p.sensitive === undefined) return;
  if (kind !== "scalar")
    d.error(p.at, `only scalar parameters can be sensitive; "${p.name}" is ${p.type.name}`);
  else if (p.sensitive === "query")
    d.error(p.at, `"sensitive: query" marks a field of a type, not the parameter "${p.name}"`);
}

function checkField(
  f: FieldDescription,
  owner: TypeDescription,
  service: ServiceDescription,
  resolve: (
    ref: { name: string; at: Position },
    what: string,
  ) => "scalar" | "object" | "enum" | undefined,
  enums: ReadonlyMap<string, EnumDescription>,
  d: Diagnostics,
): void {
  const kind = resolve(f.type, "type");
  const scalar = kind === "scalar" ? (f.type.name as ScalarName) : undefined;
  if (f.list?.item !== undefined && service.protocol === "rest")
    d.error(f.list.at, "list item names are for XML; a JSON list has no item element");
  if (f.map && service.protocol !== "rest")
    d.error(f.map.at, "maps are JSON objects: a SOAP service has none");
  if (f.map && (f.const || f.default))
    d.error(f.map.at, `a map field cannot have a ${f.const ? "const" : "default"}`);
  checkFacets(f, scalar, d);
  if (f.sensitive && kind !== "scalar")
    d.error(f.at, `only scalar fields can be sensitive; "${f.name}" is ${f.type.name}`);
  if (f.sensitive === "query" && (scalar !== "string" || service.query === undefined))
    d.error(
      f.at,
      `"sensitive: query" marks a string field holding a query of the service's own query language; "${f.name}" is not one`,
    );
  if (f.default) {
    const en = kind === "enum" ? enums.get(f.type.name) : undefined;
    if (!en) d.error(f.default.at, `default applies to enum fields; "${f.name}" is ${f.type.name}`);
    else if (!enumValues(en).has(f.default.value))
      d.error(f.default.at, `default "${f.default.value}" is not a value of enum "${en.name}"`);
  }
  if (f.const) {
    const problem = constProblem(f.const.value, kind, f.type.name, enums);
    if (problem) d.error(f.const.at, `const of "${owner.name}.${f.name}": ${problem}`);
  }
}

function uniqueNames(
  items: readonly { name: string; at: Position }[],
  what: string,
  d: Diagnostics,
): void {
  const seen = new Map<string, Position>();
  for (const item of items) {
    const first = seen.get(item.name);
    if (first)
      d.error(
        item.at,
        `${what} "${item.name}" is already declared at ${first.file}:${first.line}:${first.col}`,
      );
    else seen.set(item.name, item.at);
  }
}

function checkExtensionCycles(
  decls: readonly TypeDescription[],
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): void {
  for (const t of decls) {
    const chain = [t.name];
    let cur = t.extends ? types.get(t.extends.name) : undefined;
    while (cur) {
      if (chain.includes(cur.name)) {
        if (cur.name === t.name)
          d.error(t.extends!.at, `extension cycle: ${[...chain, cur.name].join(" → ")}`);
        break;
      }
      chain.push(cur.name);
      cur = cur.extends ? types.get(cur.extends.name) : undefined;
    }
  }
}

/** A type that requires itself (through required, non-list fields) can never be written. */
function checkRequiredCycles(
  decls: readonly TypeDescription[],
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): void {
  const requiredRefs = (t: TypeDescription): FieldDescription[] => {
    const own =
      t.kind === "object"
        ? t.fields.filter(
            (f) => f.required && !(f.list && f.list.min === 0) && types.has(f.type.name),
          )
        : [];
    const base = t.extends ? types.get(t.extends.name) : undefined;
    return base && base !== t ? [...requiredRefs(base), ...own] : own;
  };
  for (const start of decls) {
    const stack: { type: TypeDescription; path: string[] }[] = [
      { type: start, path: [start.name] },
    ];
    const visited = new Set<string>();
    while (stack.length > 0) {
      const { type, path } = stack.pop()!;
      if (visited.has(type.name)) continue;
      visited.add(type.name);
      for (const f of safeRequiredRefs(type, requiredRefs)) {
        const next = types.get(f.type.name)!;
        const nextPath = [...path, `${f.name}: ${next.name}`];
        if (next.name === start.name) {
          const onStart = start.fields.includes(f);
          d.error(
            onStart ? f.at : start.at,
            `"${start.name}" requires itself through required fields (${nextPath.join(" → ")}); make one of them optional`,
          );
          stack.length = 0;
          break;
        }
        stack.push({ type: next, path: nextPath });
      }
    }
  }
}

function safeRequiredRefs(
  t: TypeDescription,
  f: (t: TypeDescription) => FieldDescription[],
): FieldDescription[] {
  try {
    return f(t);
  } catch {
    return []; // Extension cycles are reported separately.
  }
}

function checkInheritedDuplicates(
  decls: readonly TypeDescription[],
  types: ReadonlyMap<string, TypeDescription>,
  d: Diagnostics,
): void {
  for (const t of decls) {
    const inherited = new Set<string>();
    const seenTypes = new Set<string>([t.name]);
    let cur = t.extends ? types.get(t.extends.name) : undefined;
    while (cur && !seenTypes.has(cur.name)) {
      seenTypes.add(cur.name);
      for (const f of cur.fields) inherited.add(f.name);
      cur = cur.extends ? types.get(cur.extends.name) : undefined;
    }
    for (const f of t.fields)
      if (inherited.has(f.name))
        d.error(f.at, `field "${f.name}" of "${t.name}" is already inherited from its base type`);
  }
}
