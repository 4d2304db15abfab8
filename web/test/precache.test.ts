// The service worker's list of files to keep comes from the build: every
// chunk, the lazily loaded ones included, so no screen is blank offline.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUILT_MARKER, fillPrecache, SHELL_MARKER } from "../scripts/precache";

const worker = readFileSync(new URL("../public/sw.js", import.meta.url), "utf8");

/** listed is the BUILT list a filled worker holds. */
const listed = (sw: string) => JSON.parse(/const BUILT = (\[.*\]);/.exec(sw)?.[1] ?? "null") as string[];
const cacheName = (sw: string) => /const SHELL = "([^"]+)";/.exec(sw)?.[1];

describe("precache", () => {
  it("the worker's source holds both lines the build fills in", () => {
    expect(worker).toContain(BUILT_MARKER);
    expect(worker).toContain(SHELL_MARKER);
  });

  it("lists every built file, lazy chunks included, but not the page, the worker or source maps", () => {
    const sw = fillPrecache(worker, [
      "index.html",
      "assets/index-abc.js",
      "assets/Notices-def.js",
      "assets/game-neko-123.js",
      "assets/index-abc.css",
      "assets/index-abc.js.map",
      "sw.js",
    ]);
    expect(listed(sw)).toEqual(["/assets/Notices-def.js", "/assets/game-neko-123.js", "/assets/index-abc.css", "/assets/index-abc.js"]);
  });

  it("names the cache after the files, so a build with a new chunk is a new cache", () => {
    const one = cacheName(fillPrecache(worker, ["assets/index-abc.js"]));
    const same = cacheName(fillPrecache(worker, ["assets/index-abc.js"]));
    const two = cacheName(fillPrecache(worker, ["assets/index-abc.js", "assets/Tv-xyz.js"]));
    expect(one).toMatch(/^harbor-shell-[0-9a-f]{12}$/);
    expect(same).toBe(one);
    expect(two).not.toBe(one);
  });

  it("fails the build when sw.js lost a line it fills in", () => {
    expect(() => fillPrecache(worker.replace(BUILT_MARKER, "const BUILT = [1];"), [])).toThrow(/no const BUILT/);
    expect(() => fillPrecache(worker.replace(SHELL_MARKER, '"other"'), [])).toThrow(/harbor-shell-dev/);
  });
});
