#!/usr/bin/env node
// The `paygen` command (`npx paygen generate ...`, `npx paygen diff ...`): runs the generator's
// TypeScript sources through tsx, as `npm run generate` does.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../generator/cli.ts");
process.exitCode = await main(process.argv.slice(2));
