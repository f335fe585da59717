import type { QName } from "./xsd-model.js";

/** `local` for a name in no namespace, `local (namespace URI)` otherwise: how a component name is shown in messages. */
export function describeQName(name: QName): string {
  return name.namespace === ""
    ? `"${name.local}" (no namespace)`
    : `"${name.local}" (namespace ${name.namespace})`;
}
