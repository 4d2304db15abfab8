// Checks the JavaScript a phone downloads for the first page: every script and
// modulepreload that dist/index.html references, gzipped. Fails over budget.
// Run after `npm run build`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET = 150 * 1024;
const dist = new URL("../dist/", import.meta.url).pathname;

let html;
try {
  html = readFileSync(join(dist, "index.html"), "utf8");
} catch {
  console.error("size: dist/index.html is missing; run `npm run build` first");
  process.exit(1);
}

const refs = new Set();
for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) refs.add(m[1]);
for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) refs.add(m[1]);
if (refs.size === 0) {
  console.error("size: index.html references no script");
  process.exit(1);
}

let total = 0;
for (const ref of refs) {
  const bytes = readFileSync(join(dist, ref.replace(/^\//, "")));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  console.log(`${ref.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB raw ${(gz / 1024).toFixed(1).padStart(6)} KB gzip`);
}
// Every other chunk (a game's screens, the TV, a reference), fetched on demand.
console.log("chunks loaded on demand:");
for (const f of readdirSync(join(dist, "assets"))
  .filter((f) => f.endsWith(".js"))
  .sort()) {
  if (refs.has(`/assets/${f}`)) continue;
  const bytes = readFileSync(join(dist, "assets", f));
  console.log(
    `  /assets/${f.padEnd(38)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB raw ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1).padStart(6)} KB gzip`,
  );
}
const verdict = total <= BUDGET ? "within" : "OVER";
console.log(`first-page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped, ${verdict} the ${BUDGET / 1024} KB budget`);
process.exit(total <= BUDGET ? 0 : 1);
