// Placeholder until the facet-driven synthesizer lands: required fields only, simple values.
import type { Field, Service } from "../model/ir.js";

export interface SynthesisOptions {
  readonly seed: number;
  readonly onMiss?: (path: string, reason: string) => void;
  readonly optionalDepth?: number;
}

export function synthesizeType(
  service: Service,
  typeName: string,
  options: SynthesisOptions,
): unknown {
  return objectOf(service, typeName, options, 0);
}

export function synthesizeField(
  service: Service,
  field: Field,
  options: SynthesisOptions,
): unknown {
  const one = () => single(service, field, options, 0);
  if (field.map) return { key: one() };
  if (field.list) return Array.from({ length: Math.max(field.list.min, 1) }, one);
  return one();
}

function objectOf(service: Service, name: string, o: SynthesisOptions, depth: number): unknown {
  const type = service.types.find((t) => t.name === name)!;
  if (type.kind === "union") {
    const v = objectOf(service, type.variants![0]!, o, depth) as Record<string, unknown>;
    const tag = type.discriminator?.mapping.find((m) => m.type === type.variants![0]);
    if (tag) v[type.discriminator!.property] = tag.value;
    return v;
  }
  const out: Record<string, unknown> = {};
  if (type.kind === "choice") {
    const f = type.allFields[0];
    if (f) out[f.name] = synthesizeField(service, f, o);
    return out;
  }
  for (const f of type.allFields)
    if (f.required && depth < 8) out[f.name] = fieldAt(service, f, o, depth + 1);
  return out;
}

function fieldAt(service: Service, f: Field, o: SynthesisOptions, depth: number): unknown {
  const one = () => single(service, f, o, depth);
  if (f.map) return { key: one() };
  if (f.list) return Array.from({ length: Math.max(f.list.min, 1) }, one);
  return one();
}

function single(service: Service, f: Field, o: SynthesisOptions, depth: number): unknown {
  if (f.const !== undefined) return f.const;
  switch (f.type.kind) {
    case "object":
      return objectOf(service, f.type.name, o, depth);
    case "enum":
      return service.enums.find((e) => e.name === f.type.name)!.values[0]!.value;
    case "scalar":
      switch (f.type.name) {
        case "boolean":
          return true;
        case "short":
        case "int":
        case "double":
          return 1;
        case "long":
        case "decimal":
          return "1";
        case "date":
          return "2024-02-29";
        case "dateTime":
          return "2024-02-29T12:34:56Z";
        case "gYearMonth":
          return "2027-12";
        case "base64":
          return "QUJD";
        case "uri":
          return "https://example.test/";
        case "json":
          return {};
        default:
          return `${f.name}${o.seed}`;
      }
  }
}
