import type { ObjectType, Operation, TypeFacts } from "./ir.js";

/**
 * Facts about each object type that several emitters need, derived once when
 * the model is built: what a caller sends and receives, which types need wire
 * functions on each side, which hold sensitive values, and which base an
 * extension's functions delegate to.
 */
export function deriveFacts(
  types: readonly Omit<ObjectType, "facts">[],
  operations: readonly Operation[],
  /** Types a caller builds for someone else than the service (a flow's own type): validated, never written to this service's wire. */
  builtRoots: readonly string[] = [],
  /** Types of whole XML documents, read and written on both sides. */
  documentRoots: readonly string[] = [],
  /** Payload types of the service's events: received (read and validated) by whoever handles them. */
  eventRoots: readonly string[] = [],
): Map<string, TypeFacts> {
  const byName = new Map(types.map((t) => [t.name, t]));
  // A SOAP request's header values are sent like its body.
  const sentRoots = [
    ...operations.flatMap((op) =>
      op.protocol === "soap"
        ? [op.requestType, ...(op.headers ?? []).map((h) => h.type)]
        : op.requestType !== undefined
          ? [op.requestType]
          : [],
    ),
    ...documentRoots,
  ];
  const receivedRoots = [
    ...operations.flatMap((op) =>
      op.protocol === "soap"
        ? [op.resultType]
        : [
            ...(op.responseType !== undefined ? [op.responseType] : []),
            ...(op.errorType !== undefined ? [op.errorType] : []),
            ...(op.errorTypes ?? []).map((e) => e.type),
          ],
    ),
    ...documentRoots,
    ...eventRoots,
  ];

  /** Types reachable from `roots` through fields and, when `bases`, base types. */
  const reach = (roots: readonly string[], bases: boolean): Set<string> => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      const type = byName.get(name);
      if (!type || seen.has(name)) continue;
      seen.add(name);
      if (type.base && bases) queue.push(type.base);
      for (const f of type.allFields) if (f.type.kind === "object") queue.push(f.type.name);
      for (const v of type.variants ?? []) queue.push(v);
    }
    return seen;
  };

  /**
   * The base whose functions an extension reuses: an object type that is
   * closed, like every type it extends. (An open base would carry the
   * extension's own fields along as unknown extras, out of schema order.)
   */
  const delegatedBase = (type: Omit<ObjectType, "facts">): string | undefined => {
    if (!type.base) return undefined;
    const seen = new Set<string>();
    for (let t = byName.get(type.base); t; t = t.base ? byName.get(t.base) : undefined) {
      if (seen.has(t.name) || t.kind !== "object" || t.open) return undefined;
      seen.add(t.name);
    }
    return type.base;
  };

  /** Types that need wire functions: those reachable through fields, plus the bases they delegate to. */
  const wire = (roots: readonly string[]): Set<string> => {
    const needed = reach(roots, false);
    const queue = [...needed];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      const type = byName.get(name);
      const base = type ? delegatedBase(type) : undefined;
      if (base !== undefined && !needed.has(base)) {
        needed.add(base);
        queue.push(base);
      }
    }
    return needed;
  };

  const memo = new Map<string, boolean>();
  const holdsSensitive = (name: string, stack: Set<string>): boolean => {
    const cached = memo.get(name);
    if (cached !== undefined) return cached;
    const type = byName.get(name);
    if (!type || stack.has(name)) return false;
    stack.add(name);
    const result =
      type.allFields.some(
        (f) =>
          f.sensitive !== undefined ||
          (f.type.kind === "object" && holdsSensitive(f.type.name, stack)),
      ) || (type.variants ?? []).some((v) => holdsSensitive(v, stack));
    stack.delete(name);
    memo.set(name, result);
    return result;
  };

  const sent = reach([...sentRoots, ...builtRoots], true);
  const received = reach(receivedRoots, true);
  const wireSent = wire(sentRoots);
  const wireReceived = wire(receivedRoots);
  const wholeSent = reach(sentRoots, false);
  const wholeReceived = reach(receivedRoots, false);
  const facts = new Map<string, TypeFacts>();
  for (const t of types) {
    const base = delegatedBase(t);
    facts.set(t.name, {
      sensitive: holdsSensitive(t.name, new Set()),
      sent: sent.has(t.name),
      received: received.has(t.name),
      wireSent: wireSent.has(t.name),
      wireReceived: wireReceived.has(t.name),
      wholeSent: wholeSent.has(t.name),
      wholeReceived: wholeReceived.has(t.name),
      ...(base !== undefined ? { delegatedBase: base } : {}),
      ...(t.open ? { extras: sent.has(t.name) ? ("properties" as const) : ("kept" as const) } : {}),
    });
  }
  return facts;
}
