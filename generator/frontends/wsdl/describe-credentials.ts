import type { Position } from "../../diagnostics/diagnostic.js";
import type {
  FieldDescription,
  SoapOperationDescription,
  TypeDescription,
} from "../../description/description.js";
import type { Note } from "../../model/vocabulary.js";

/** Names that say an element holds credentials. */
const CREDENTIALS_NAME = /auth|credential|login|security/i;

/** The credentials element every request that has fields carries: the field, its type's name, and the operations whose requests carry it. */
interface CredentialsField {
  readonly field: { name: string; at: Position };
  readonly type: string;
  readonly carriers: Set<string>;
}

/** The operations of a service, those that carry the credentials marked `auth`, and the credentials field with the note that says which it is (or that there is none). */
export interface ServiceCredentials {
  readonly operations: SoapOperationDescription[];
  readonly field?: { name: string; at: Position };
  readonly note: Note;
}

/**
 * The client's credentials option, when the requests show one
 * (`credentialsField`): every operation whose request carries it gets
 * `auth`. A note says which element it is, or that there is none.
 */
export function describeCredentials(
  operations: readonly SoapOperationDescription[],
  types: readonly TypeDescription[],
): ServiceCredentials {
  const credentials = credentialsField(operations, types);
  if (!credentials)
    return {
      operations: [...operations],
      note: {
        kind: "info",
        text: "Requests extend no common type: each carries the fields its element lists (credentials included).",
      },
    };
  return {
    operations: operations.map((o) =>
      credentials.carriers.has(o.name) ? { ...o, auth: true } : o,
    ),
    field: credentials.field,
    note: {
      kind: "interpretation",
      text: `Every request that has fields carries the element "${credentials.field.name}" (${credentials.type}): it is the client's credentials option, put into each of those requests.`,
    },
  };
}

/**
 * The credentials element the contract shows: an element every request that
 * has fields carries (at least two), with the same name and object type,
 * whose name or type name says it authenticates (`merchantAuthentication` of
 * `MerchantAuthenticationType`). Undefined when there is none.
 */
function credentialsField(
  operations: readonly SoapOperationDescription[],
  types: readonly TypeDescription[],
): CredentialsField | undefined {
  const byName = new Map(types.map((t) => [t.name, t]));
  const requests = operations
    .map((o) => ({ op: o.name, type: byName.get(o.requestType.name) }))
    .filter((r) => r.type !== undefined && r.type.kind === "object" && r.type.fields.length > 0);
  if (requests.length < 2) return undefined;
  const [first, ...rest] = requests;
  for (const candidate of first!.type!.fields) {
    const objectType = byName.get(candidate.type.name);
    if (objectType?.kind !== "object" || candidate.list || candidate.xml || candidate.nullable)
      continue;
    if (!CREDENTIALS_NAME.test(candidate.name) && !CREDENTIALS_NAME.test(candidate.type.name))
      continue;
    if (rest.every((r) => r.type!.fields.some((f) => sameField(f, candidate))))
      return {
        field: { name: candidate.name, at: candidate.at },
        type: candidate.type.name,
        carriers: new Set(requests.map((r) => r.op)),
      };
  }
  return undefined;
}

/** Whether `f` is the credentials candidate again: the same name and type, once, as an element, not nillable. */
function sameField(f: FieldDescription, candidate: FieldDescription): boolean {
  return (
    f.name === candidate.name &&
    f.type.name === candidate.type.name &&
    !f.list &&
    !f.xml &&
    !f.nullable
  );
}
