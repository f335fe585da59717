import type { XsdMapping } from "./xsd-mapping.js";

/** Whether a type, or one it holds or extends, meets a limit of the wire code. */
export function reachesWireLimit(ctx: XsdMapping, root: string): boolean {
  for (const name of reachedFrom(ctx, [root]))
    if ((ctx.wireLimits.get(name)?.length ?? 0) > 0) return true;
  return false;
}

/** The first limit of the wire code that a type reachable from `roots` meets, with that type's name. */
export function firstWireLimit(
  ctx: XsdMapping,
  roots: readonly string[],
): { readonly type: string; readonly message: string } | undefined {
  for (const name of reachedFrom(ctx, roots)) {
    const limit = ctx.wireLimits.get(name)?.[0];
    if (limit) return { type: name, message: limit.message };
  }
  return undefined;
}

/** Types reachable from `roots` through fields and bases. */
function reachedFrom(ctx: XsdMapping, roots: readonly string[]): Set<string> {
  const byName = new Map(ctx.types.map((t) => [t.name, t]));
  const reached = new Set<string>();
  const queue = [...roots];
  for (let n = queue.pop(); n !== undefined; n = queue.pop()) {
    const t = byName.get(n);
    if (!t || reached.has(n)) continue;
    reached.add(n);
    if (t.extends) queue.push(t.extends.name);
    for (const f of t.fields) queue.push(f.type.name);
  }
  return reached;
}

/** Wire limits become errors for the types operations send or receive, and notes on the others. */
export function settleWireLimits(ctx: XsdMapping, roots: readonly string[]): void {
  const reached = reachedFrom(ctx, roots);
  for (const [name, limits] of ctx.wireLimits) {
    for (const l of limits) {
      if (reached.has(name))
        ctx.d.error(l.at, `${l.message} (in "${name}", which an operation sends or receives)`);
      else
        ctx.typeNotes
          .get(name)
          ?.push({ kind: "interpretation", text: `Not in this type: ${l.message}.` });
    }
  }
}
