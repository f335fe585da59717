import type { ServiceNames } from "../naming/names.js";
import type { ObjectType, Service, TypeRef } from "../model/ir.js";
import { typeShape } from "./type-shape.js";
import { change, type Change, type Severity, type Surface } from "./change.js";

/** Which way values of a type or enum travel: in requests a caller sends, in responses it reads. */
export interface Direction {
  readonly sent: boolean;
  readonly received: boolean;
}

/**
 * One service present on both sides, with what every rule needs: both
 * naming tables, the wire surface of its protocol, the direction of each
 * type and enum (on either side), the types found renamed, and the list the
 * rules add their changes to.
 */
export class ServicePair {
  readonly out: Change[] = [];
  /** Old type name → new type name, for types whose shape stayed and whose name changed. */
  readonly renamedTypes = new Map<string, string>();
  /** Old operation name → new operation name, for operations found renamed. */
  readonly renamedOperations = new Map<string, string>();
  private readonly enumDirections: Map<string, { sent: boolean; received: boolean }>;

  constructor(
    readonly before: Service,
    readonly after: Service,
    readonly beforeNames: ServiceNames,
    readonly afterNames: ServiceNames,
  ) {
    this.enumDirections = new Map();
    for (const s of [before, after]) {
      for (const t of s.types) {
        for (const f of t.fields) {
          if (f.type.kind !== "enum") continue;
          const d = this.enumDirections.get(f.type.name) ?? { sent: false, received: false };
          d.sent ||= t.facts.sent;
          d.received ||= t.facts.received;
          this.enumDirections.set(f.type.name, d);
        }
      }
      for (const op of s.operations) {
        if (op.protocol !== "rest") continue;
        for (const p of op.params) {
          if (p.type.kind !== "enum") continue;
          const d = this.enumDirections.get(p.type.name) ?? { sent: false, received: false };
          d.sent = true;
          this.enumDirections.set(p.type.name, d);
        }
      }
    }
  }

  get service(): string {
    return this.after.name;
  }

  /** The wire a message of this service travels on. */
  get wire(): Surface {
    return this.after.protocol === "soap" ? "wire-xml" : "wire-json";
  }

  get soap(): boolean {
    return this.after.protocol === "soap";
  }

  typeBefore(name: string): ObjectType | undefined {
    return this.before.types.find((t) => t.name === name);
  }

  typeAfter(name: string): ObjectType | undefined {
    return this.after.types.find((t) => t.name === name);
  }

  /** A type's direction on either side (a type sent before or after is sent). */
  typeDirection(
    beforeName: string | undefined,
    afterName: string | undefined = beforeName,
  ): Direction {
    const a = beforeName === undefined ? undefined : this.typeBefore(beforeName);
    const b = afterName === undefined ? undefined : this.typeAfter(afterName);
    return {
      sent: Boolean(a?.facts.sent || b?.facts.sent),
      received: Boolean(a?.facts.received || b?.facts.received),
    };
  }

  enumDirection(name: string): Direction {
    return this.enumDirections.get(name) ?? { sent: false, received: false };
  }

  /** The name a type of the old side has on the new side (itself unless found renamed). */
  mapped(name: string): string {
    return this.renamedTypes.get(name) ?? name;
  }

  /** Whether two references name the same thing, once renamed types are followed. */
  sameRef(a: TypeRef, b: TypeRef): boolean {
    return (
      a.kind === b.kind &&
      (a.kind === "scalar" ? a.name === b.name : this.mapped(a.name) === b.name)
    );
  }

  /** Two references to differently named types or enums of one shape: only their TypeScript names differ. */
  sameShape(a: TypeRef, b: TypeRef): boolean {
    if (a.kind !== b.kind || a.kind === "scalar") return false;
    if (a.kind === "object") {
      const x = this.typeBefore(a.name);
      const y = this.typeAfter(b.name);
      return x !== undefined && y !== undefined && typeShape(x) === typeShape(y);
    }
    const x = this.before.enums.find((e) => e.name === a.name);
    const y = this.after.enums.find((e) => e.name === b.name);
    return (
      x !== undefined &&
      y !== undefined &&
      JSON.stringify(x.values.map((v) => v.value)) === JSON.stringify(y.values.map((v) => v.value))
    );
  }

  add(
    severity: Severity,
    kind: string,
    path: string,
    surfaces: readonly Surface[],
    message: string,
    addition = false,
  ): void {
    this.out.push(change(severity, kind, path, surfaces, message, addition));
  }

  path(...parts: string[]): string {
    return [this.service, ...parts].join("/");
  }
}

/** `in requests` / `in responses` / `in requests and responses`, for messages. */
export function directionText(d: Direction): string {
  if (d.sent && d.received) return "sent in requests and read from responses";
  if (d.sent) return "sent in requests";
  if (d.received) return "read from responses";
  return "not used by any operation";
}

export function refText(ref: TypeRef): string {
  return ref.kind === "scalar" ? ref.name : `${ref.kind} ${ref.name}`;
}
