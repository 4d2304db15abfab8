// End-to-end tests of Harbor's front end against the real `harbor serve`
// binary, driving Debian's chromium with playwright-core.
//
// It builds the front end and the binary (unless HARBOR_BIN names a built
// one), launches chromium once, and runs every scenario file e2e/*.e2e.mjs in
// name order, each against a fresh server on a free loopback port with its own
// temporary data file and no computer-player pause. Each server runs with
// `-seed N`, N derived from the scenario's name (seedOf below), on the
// scenario's first start and on every restart it asks for: its tables draw the
// same games in every run, so a scenario meets the same positions each time
// and cannot fail by chance on a rare one (a scenario that wants another game
// can put its own -seed in serverArgs, which comes later). A scenario's default
// export receives the context below and throws to fail. The run fails (exit 1)
// whenever chromium or a server cannot start or any scenario fails; it never
// skips. Screenshots go to test-results/, named after their scenario.
//
// Environment: HARBOR_BIN (a built harbor binary; default: build ../cmd/harbor),
// CHROMIUM (default /usr/bin/chromium), E2E_SKIP_BUILD=1 (use the current dist/),
// E2E_ONLY=holdings,harborfall (run only those scenarios), E2E_SLOW=4,1000 (play
// as a slow machine would: every page's CPU slowed 4 times and every HTTP
// request held back 1000 ms; see slowDown). A scenario that exports `manual` (a
// reason) runs only when E2E_ONLY names it; the run says so, with the reason.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { currentStep, fail, freePort, log, repo, results, run, setShotPrefix, startServer, stopServer, STEP_TIMEOUT, webDir } from "./lib.mjs";

const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const work = mkdtempSync(join(tmpdir(), "harbor-e2e-"));
const only = (process.env.E2E_ONLY ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);

async function scenarios() {
  const dir = join(webDir, "e2e");
  const all = readdirSync(dir)
    .filter((f) => f.endsWith(".e2e.mjs"))
    .sort()
    .map((f) => ({ name: f.replace(/\.e2e\.mjs$/, ""), file: join(dir, f) }));
  const unknown = only.filter((n) => !all.some((s) => s.name === n));
  if (unknown.length) fail(`E2E_ONLY names no scenario: ${unknown.join(", ")} (have ${all.map((s) => s.name).join(", ")})`);
  if (only.length) return all.filter((s) => only.includes(s.name));
  const run = [];
  for (const s of all) {
    const { manual } = await import(pathToFileURL(s.file).href);
    if (manual) log(`scenario ${s.name} runs only when named in E2E_ONLY: ${manual}`);
    else run.push(s);
  }
  return run;
}

/** seedOf is the -seed of a scenario's server: FNV-1a of its name, never 0 (random games). */
function seedOf(name) {
  let h = 0x811c9dc5;
  for (const c of new TextEncoder().encode(name)) h = Math.imul(h ^ c, 0x01000193) >>> 0;
  return h || 1;
}

/**
 * slowDown makes every page that browser opens from now on run as on a slower
 * machine: its CPU is slowed cpu times and each of its HTTP requests waits
 * delay ms before it goes out. A check that looks once where it should wait
 * (an image or an answer still on its way, a screen not drawn yet) passes on a
 * fast machine by chance and fails here, where it can be found and fixed. A
 * scenario's own routes, added later, run before this one and see every request.
 */
function slowDown(browser, cpu, delay) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const c = await newContext(options);
    await c.route("**/*", async (route) => {
      await new Promise((r) => setTimeout(r, delay));
      await route.fallback();
    });
    c.on("page", (p) => {
      c.newCDPSession(p)
        .then((s) => s.send("Emulation.setCPUThrottlingRate", { rate: cpu }))
        .catch((e) => log(`could not slow a page down: ${e.message}`));
    });
    return c;
  };
}

/** runScenario gives one scenario a fresh server and data file; it returns an error or null. */
async function runScenario(browser, bin, { name, file }) {
  const dir = mkdtempSync(join(work, `${name}-`));
  const data = join(dir, "harbor.db");
  const port = await freePort();
  let server = null;
  const before = new Set(browser.contexts());
  setShotPrefix(`${name}-`);
  const ctx = {
    browser,
    bin,
    port,
    data,
    base: `http://127.0.0.1:${port}`,
    /** the -seed of every (re)start of this scenario's server */
    seed: seedOf(name),
    /** extra flags for harbor serve, used by every (re)start of this scenario's server */
    serverArgs: [],
    /** extra environment for harbor serve, used by every (re)start of this scenario's server */
    serverEnv: {},
    async startServer() {
      server = await startServer(bin, port, data, ["-seed", String(ctx.seed), ...ctx.serverArgs], ctx.serverEnv);
    },
    async stopServer() {
      await stopServer(server);
    },
    serverOutput: () => server?.output() ?? "",
    async newPage(options) {
      const c = await browser.newContext(options);
      c.setDefaultTimeout(STEP_TIMEOUT);
      return c.newPage();
    },
  };
  try {
    const mod = await import(pathToFileURL(file).href);
    if (typeof mod.default !== "function") fail(`${file} has no default export to run`);
    if (mod.serverArgs) ctx.serverArgs = mod.serverArgs;
    await ctx.startServer();
    log(`${name}: harbor serve on ${ctx.base} with -seed ${ctx.seed}`);
    await mod.default(ctx);
    log(`${name}: passed`);
    return null;
  } catch (e) {
    const step = currentStep();
    console.error(`e2e ${name} FAILED at step "${step}": ${e instanceof Error ? e.stack : e}`);
    console.error(`server output:\n${ctx.serverOutput().slice(-4000)}`);
    for (const [i, c] of browser.contexts().entries()) {
      if (before.has(c)) continue;
      for (const [j, p] of c.pages().entries()) await p.screenshot({ path: join(results, `${name}-failure-${i}-${j}.png`) }).catch(() => {});
    }
    return { step, message: e instanceof Error ? e.message : String(e) };
  } finally {
    for (const c of browser.contexts()) if (!before.has(c)) await c.close().catch(() => {});
    await stopServer(server).catch(() => {});
  }
}

let passed = 0;
let failed = 0;
/** failures collects one line per failed scenario, repeated at the end where a log's tail shows it */
const failures = [];
let browser = null;
try {
  mkdirSync(results, { recursive: true });
  if (!existsSync(chromiumPath)) fail(`chromium not found at ${chromiumPath} (apt-get install chromium)`);
  const list = await scenarios();
  if (list.length === 0) fail("no e2e scenario found");
  let bin = process.env.HARBOR_BIN;
  if (!process.env.E2E_SKIP_BUILD) run("npm", ["run", "build"], webDir);
  if (!bin) {
    bin = join(work, "harbor");
    log("building harbor");
    run("go", ["build", "-o", bin, "./cmd/harbor"], repo);
  }
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    timeout: 30_000,
  });
  if (process.env.E2E_SLOW) {
    const [cpu, delay] = process.env.E2E_SLOW.split(",").map(Number);
    if (!(cpu >= 1 && delay >= 0)) fail(`E2E_SLOW=${process.env.E2E_SLOW}: want the CPU slowdown (1 or more) and the delay in ms, such as 4,1000`);
    slowDown(browser, cpu, delay);
    log(`every page runs ${cpu} times slower and its requests wait ${delay} ms`);
  }
  for (const s of list) {
    const started = Date.now();
    log(`scenario ${s.name}`);
    const err = await runScenario(browser, bin, s);
    if (err) {
      failed++;
      failures.push(`${s.name} at step "${err.step}": ${err.message.split("\n")[0].slice(0, 300)}`);
    } else passed++;
    log(`scenario ${s.name} ${err ? "failed" : "passed"} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
} catch (e) {
  failed++;
  failures.push(`the run itself: ${e instanceof Error ? e.message : e}`);
  console.error(`e2e could not run: ${e instanceof Error ? e.stack : e}`);
} finally {
  await browser?.close().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
for (const f of failures) console.log(`e2e failed: ${f}`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
