import type { QName } from "./xsd-model.js";

/** A qualified name as one map key. */
export const qkey = (q: QName): string => `${q.namespace}\u0000${q.local}`;
