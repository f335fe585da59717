import path from "node:path";
import { generate, PROJECT_ROOT } from "../../generator/generate.js";
import { writePackage, type TempPackage } from "./temp-package.js";

/**
 * Generates the package of a contract fixture (beside the built-in schemas,
 * as a project would), writes it to a temporary folder and loads the index
 * of the contract's service.
 */
export async function loadContractPackage(
  contract: string,
): Promise<{ pkg: TempPackage; index: Record<string, unknown> }> {
  const result = await generate({
    schemasDir: path.join(PROJECT_ROOT, "schemas"),
    from: [contract],
    cwd: PROJECT_ROOT,
  });
  const pkg = await writePackage(result.files);
  return { pkg, index: await pkg.load(result.model.services[0]!.name, "index") };
}
