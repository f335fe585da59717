#!/usr/bin/env node
// The `paygen` command (`npm run generate`, `npx paygen generate ...`, `npx paygen diff ...`):
// runs the generator's bundle, built from its sources when they changed (see generator-bundle.mjs).
import { generatorEntry } from "./generator-bundle.mjs";

const { main } = await import(await generatorEntry());
process.exitCode = await main(process.argv.slice(2));
