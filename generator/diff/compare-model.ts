import { packageNames } from "../emit/emit-package.js";
import type { Model } from "../model/ir.js";
import type { ServiceNames } from "../naming/names.js";
import { RUNTIME_DIR } from "../project-paths.js";
import { change, sortChanges, type Change } from "./change.js";
import { compareEnums } from "./compare-enums.js";
import { compareOperations, findRenamedOperations } from "./compare-operations.js";
import { compareService } from "./compare-service.js";
import { compareTypes, findRenamedTypes } from "./compare-types.js";
import { ServicePair } from "./diff-context.js";

/**
 * Every change between two models, most severe first. The TypeScript names
 * come from the naming table the emitters use, so a name the table changes
 * (a clash resolved differently) is reported like a renamed type.
 */
export async function diffModels(before: Model, after: Model): Promise<Change[]> {
  return compareModels(
    before,
    after,
    await packageNames(before, RUNTIME_DIR),
    await packageNames(after, RUNTIME_DIR),
  );
}

/** The same, with the naming tables given. */
export function compareModels(
  before: Model,
  after: Model,
  beforeNames: ReadonlyMap<string, ServiceNames>,
  afterNames: ReadonlyMap<string, ServiceNames>,
): Change[] {
  const out: Change[] = [];
  for (const s of before.services) {
    if (!after.services.some((x) => x.name === s.name)) {
      out.push(
        change(
          "breaking",
          "service-removed",
          s.name,
          ["source", s.protocol === "soap" ? "wire-xml" : "wire-json"],
          `service ${s.name} was removed: its entry point and client are gone`,
        ),
      );
    }
  }
  for (const a of after.services) {
    const b = before.services.find((x) => x.name === a.name);
    if (!b) {
      out.push(
        change(
          "info",
          "service-added",
          a.name,
          [],
          `service ${a.name} was added (${a.operations.length} operations)`,
          true,
        ),
      );
      continue;
    }
    const pair = new ServicePair(b, a, beforeNames.get(b.name)!, afterNames.get(a.name)!);
    compareService(pair);
    findRenamedTypes(pair);
    findRenamedOperations(pair);
    compareTypes(pair);
    compareEnums(pair);
    compareOperations(pair);
    out.push(...pair.out);
  }
  return sortChanges(out);
}
