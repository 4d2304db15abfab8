// The service worker (public/sw.js) keeps every file the build makes, so a
// screen whose chunk is loaded lazily (the Notices page, the TV, replays)
// opens offline even when it was never opened online. The list comes from the
// build itself, so a new chunk is kept without anyone editing sw.js.

import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** The line of public/sw.js that the build fills in. */
export const BUILT_MARKER = "const BUILT = [];";
/** The cache name of public/sw.js; the build gives it the list's hash. */
export const SHELL_MARKER = '"harbor-shell-dev"';

/**
 * fillPrecache writes the built files' paths into the worker's source, and
 * names its cache after them: a build with other files is a new worker, which
 * drops the old build's cache when it takes over. It throws when a marker is
 * missing, so a changed sw.js fails the build instead of keeping nothing.
 */
export function fillPrecache(source: string, files: string[]): string {
  for (const marker of [BUILT_MARKER, SHELL_MARKER]) {
    if (!source.includes(marker)) throw new Error(`sw.js has no ${marker}: the build cannot list its files there`);
  }
  // index.html is kept as "/", the address every route of the app is served at.
  const paths = files
    .filter((f) => f !== "index.html" && f !== "sw.js" && !f.endsWith(".map"))
    .map((f) => `/${f}`)
    .sort();
  const version = createHash("sha256").update(paths.join("\n")).digest("hex").slice(0, 12);
  return source.replace(BUILT_MARKER, `const BUILT = ${JSON.stringify(paths)};`).replace(SHELL_MARKER, JSON.stringify(`harbor-shell-${version}`));
}

/** precache is the vite plugin that fills dist/sw.js once the bundle is written. */
export function precache(): Plugin {
  return {
    name: "harbor-precache",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      const file = join(dir, "sw.js");
      writeFileSync(file, fillPrecache(readFileSync(file, "utf8"), Object.keys(bundle)));
    },
  };
}
