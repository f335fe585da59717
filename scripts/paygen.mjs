#!/usr/bin/env node
// The `paygen` command (`npm run generate`, `npx paygen generate ...`, `npx paygen diff ...`):
// runs the generator's bundle, built from its sources when they changed (see generator-bundle.mjs).
import { setFlagsFromString } from "node:v8";
import { generatorEntry } from "./generator-bundle.mjs";

// A generation is a short run of code new to V8: with its default budget (66 KB of bytecode run),
// V8 hands hundreds of functions to its optimizing compiler that then run too few more times to
// pay the compilation back (about a sixth of a cold generation's CPU, for schemas/ and for a 4 MB
// contract alike). A budget 15x larger still optimizes what is really hot (a long contract's
// loops, a watch or mock process), later. Set before the generator's code is loaded.
setFlagsFromString("--interrupt-budget=1000000");

const { main } = await import(await generatorEntry());
process.exitCode = await main(process.argv.slice(2));
