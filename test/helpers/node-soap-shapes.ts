import type { Field, Service } from "../../generator/model/ir.js";

/** A typed value as node-soap writes and reads it: a wrapped list is its wrapper element holding the items by item name; nulls left out. */
export function wireShape(service: Service, typeName: string, value: unknown): unknown {
  const type = service.types.find((t) => t.name === typeName);
  if (!type || typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const field = type.allFields.find((f) => f.name === key);
    if (v === null || v === undefined || !field) continue;
    out[key] = fieldShape(service, field, v);
  }
  return out;
}

function fieldShape(service: Service, field: Field, v: unknown): unknown {
  const one = (x: unknown) =>
    field.type.kind === "object" ? wireShape(service, field.type.name, x) : x;
  if (!field.list) return one(v);
  const items = (v as unknown[]).filter((x) => x !== null).map(one);
  return field.list.item !== undefined ? { [field.list.item]: items } : items;
}
