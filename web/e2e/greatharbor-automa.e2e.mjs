// The Great Harbor's Automa, watched: a solo table whose lobby shows the
// Automa opponent on and fixed, then a game with the TV open where each of
// the Automa's drafts is shown step by step, with its card and the reason of
// each step, on the TV and on the phone; the phone can show every step at
// once. A second TV shown the longest turn the rules allow fits it whole. The
// TV's turn-order chips are read for contrast, and axe-core audits both
// screens.

import { readFileSync } from "node:fs";
import { audit, fail, fitsScreen, fitsWidth, log, PHONE, setStep, shot, TV, tvFitProblems, until, watchErrors, webDir } from "./lib.mjs";
import { act, noOverflow, smallestText } from "./greatharbor.lib.mjs";

/** turnState reads the Automa's turn panel: which draft, how many steps show, of how many, and how many its lines tell (the TV tells cards set aside on one line). */
const turnState = (page) =>
  page.getByTestId("gh-automa-turn").evaluateAll((els) => {
    const el = els[0];
    if (!el) return null;
    return {
      seq: Number(el.dataset.seq),
      shown: Number(el.dataset.shown),
      total: Number(el.dataset.total),
      lines: [...el.querySelectorAll("li")].reduce((n, li) => n + Number(li.dataset.steps), 0),
    };
  });

/** recordSteps starts noting in page, with the page's own clock, each change of the Automa's turn panel. */
const recordSteps = (page) =>
  page.evaluate(() => {
    window.automaSteps = [];
    const note = () => {
      const el = document.querySelector('[data-testid="gh-automa-turn"]');
      if (!el) return;
      const s = { seq: Number(el.dataset.seq), shown: Number(el.dataset.shown), total: Number(el.dataset.total), at: performance.now() };
      const last = window.automaSteps[window.automaSteps.length - 1];
      if (!last || last.seq !== s.seq || last.shown !== s.shown) window.automaSteps.push(s);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-shown", "data-seq"] });
  });

/**
 * watchSteps waits until every step of the Automa's draft seq shows on page
 * and fails unless the steps came one at a time, at least a second apart by
 * the page's clock (recordSteps). It returns the changes seen.
 */
async function watchSteps(page, seq, where) {
  await until(
    `${where}: the Automa's draft ${seq} to finish showing`,
    async () => {
      const s = await turnState(page);
      if (s && s.shown !== s.lines) fail(`${where}: the panel says ${s.shown} steps but lists ${s.lines}`);
      return s?.seq === seq && s.shown === s.total;
    },
    20_000,
  );
  const all = await page.evaluate(() => window.automaSteps);
  const samples = all.filter((s) => s.seq === seq);
  const total = samples[0].total;
  if (total < 4) fail(`${where}: the Automa's turn has ${total} steps; a card, a die, a place and a track at least`);
  if (samples[0].shown !== 1) fail(`${where}: ${samples[0].shown} of ${total} steps showed at once`);
  for (let i = 1; i < samples.length; i++) {
    if (samples[i].shown !== samples[i - 1].shown + 1) fail(`${where}: steps jumped ${JSON.stringify(samples)}`);
    const gap = samples[i].at - samples[i - 1].at;
    if (gap < 1000) fail(`${where}: a step came ${Math.round(gap)} ms after the one before: ${JSON.stringify(samples)}`);
  }
  if (samples.length !== total) fail(`${where}: ${samples.length} changes for ${total} steps: ${JSON.stringify(samples)}`);
  const t0 = samples[0].at;
  log(
    `${where}: the Automa's draft ${seq} showed ${total} steps one after another (${samples.map((s) => `${s.shown}@${Math.round(s.at - t0)}ms`).join(", ")})`,
  );
  return samples;
}

/** LONGEST is the longest Automa turn the rules allow (twelve steps), as the view carries it. */
const LONGEST = JSON.parse(readFileSync(`${webDir}/test/greatharbor-longest-automa.json`, "utf8"));

/**
 * longestTurnTv opens a TV on the table at href whose whole states carry
 * LONGEST as the Automa's latest turn, three ships in the Automa's docks,
 * and n people (the first one's seat copied: three is the most the Automa
 * plays with); it takes no patches, so it holds that position.
 */
async function longestTurnTv(ctx, href, n) {
  const tv = await ctx.newPage(TV);
  await tv.routeWebSocket(/\/ws\?/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((m) => {
      const f = JSON.parse(String(m));
      if (f.t === "patch") return;
      if (f.t === "state" && f.d?.view?.automa) {
        f.d.view.automa.last = LONGEST;
        f.d.view.phase = "draft";
        const v = f.d.view;
        const names = ["Ana", "Maximiliana Featherstone", "Bartholomew Quill"];
        for (const k of ["players", "handSizes"]) v[k] = Array.from({ length: n }, () => v[k][0]);
        v.names = names.slice(0, n);
        v.n = n;
        // All three of the Automa's docks hold a ship: its panel at its fullest.
        v.automa.ships = [0, 1, 2].map((card) => ({ ...v.players[0].ships[0], card, where: 0 }));
        ws.send(JSON.stringify(f));
        return;
      }
      ws.send(m);
    });
    ws.onMessage((m) => server.send(m));
  });
  await tv.goto(href);
  await tv.locator("svg.gh-harbor").waitFor();
  return tv;
}

/** chipContrast measures the TV's turn-order chips: the lowest contrast of a name on its chip. */
const chipContrast = (tv) =>
  tv.locator(".gh-order li").evaluateAll((lis) => {
    const rgb = (s) => (s.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
      const f = (c) => {
        const x = c / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    return lis.map((li) => {
      const a = lum(rgb(getComputedStyle(li).color));
      const b = lum(rgb(getComputedStyle(li).backgroundColor));
      return { text: li.textContent.trim(), ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
  });

export default async function scenario(ctx) {
  const { base } = ctx;
  const page = await ctx.newPage(PHONE);
  const tv = await ctx.newPage(TV);
  const errors = watchErrors({ phone: page, tv });

  setStep("a solo lobby shows the Automa opponent on and fixed");
  await page.goto(`${base}/`);
  await page.getByRole("radio", { name: /The Great Harbor/ }).check();
  await page.getByLabel("Your name").fill("Ana");
  await page.getByRole("button", { name: /Open a The Great Harbor table/ }).click();
  await page.waitForURL(/\/t\/[^/]+$/);
  const automaBox = page.getByLabel("Automa opponent");
  if (!(await automaBox.isChecked())) fail("the solo lobby shows the Automa opponent off");
  if (!(await automaBox.isDisabled())) fail("the solo lobby lets the host turn the Automa off");
  await shot(page, "01-phone-lobby");
  await audit(page, "the solo lobby (phone)");
  const tvHref = await page.getByTestId("open-tv").getAttribute("href");
  await tv.goto(base + tvHref);
  await page.getByTestId("start").click();
  await page.locator("svg.gh-harbor").waitFor();
  await tv.locator("svg.gh-harbor").waitFor();

  setStep("the Automa's first draft on both screens");
  await until("the Automa's turn on the phone", async () => (await turnState(page)) !== null);
  await until("the Automa's turn on the TV", async () => (await turnState(tv)) !== null);
  const first = await turnState(tv);
  await until("the first draft to finish showing on the TV", async () => {
    const s = await turnState(tv);
    return s.shown === s.total;
  });
  const card = (await tv.getByTestId("automa-card").textContent()).trim();
  if (!/(Red|Yellow|Blue|Purple) [▲▼]/.test(card)) fail(`the Automa's card shows no back: "${card}"`);
  const next = (await page.getByTestId("automa-next").textContent()).trim();
  if (!/^Its next card will take the (highest|lowest) (red|yellow|blue|purple) die/.test(next)) fail(`the next card reads "${next}"`);
  log(`the Automa's draft ${first.seq}: card "${card}"; ${next}`);

  setStep("Ana drafts; the Automa's next draft shows step by step on the TV and the phone");
  await recordSteps(tv);
  await recordSteps(page);
  const did = await act(page);
  if (did?.kind !== "draft") fail(`Ana's first move was ${JSON.stringify(did)}, not a draft`);
  const seq = first.seq + 1;
  const [tvSamples] = await Promise.all([
    watchSteps(tv, seq, "the TV"),
    watchSteps(page, seq, "the phone"),
    (async () => {
      // Half way through, both screens show the newest step marked and the rest still to come.
      await until("a step half way", async () => {
        const s = await turnState(tv);
        return s?.seq === seq && s.shown >= 2 && s.shown < s.total;
      });
      await shot(tv, "02-tv-automa-step");
      await shot(page, "03-phone-automa-step");
    })(),
  ]);
  const steps = await tv.locator('[data-testid^="automa-step-"]').allTextContents();
  const told = (await turnState(tv)).lines;
  if (told !== tvSamples[0].total) fail(`the TV tells ${told} steps of ${tvSamples[0].total}`);
  if (!/^(Turns over a card|Sets aside)/.test(steps[0])) fail(`the first step is "${steps[0]}", not the card`);
  if (!steps.some((s) => /^Takes a (red|yellow|blue|purple) \d/.test(s))) fail(`no step takes a die: ${steps.join(" | ")}`);
  if (!steps.some((s) => /^Puts it (on the slot (between|above|below|left of|right of) the |in the Smuggler's District)/.test(s)))
    fail(`no step places the die: ${steps.join(" | ")}`);
  // The TV gives the newest step's reason in full and each older step's in a few words; the phone gives every reason in full.
  const whys = await tv.locator('[data-testid^="automa-step-"] .gh-aturn-why').allTextContents();
  if (whys.length !== steps.length || whys.some((w) => !w.trim())) fail(`a step on the TV gives no reason: ${steps.join(" | ")}`);
  if (!whys[whys.length - 1].endsWith(".")) fail(`the TV's newest step gives its reason in part: "${steps[steps.length - 1]}"`);
  log(`the TV's steps:\n  ${steps.join("\n  ")}`);
  await fitsScreen(tv, "the TV with the Automa's turn");
  await shot(tv, "04-tv-automa-done");
  const tvMin = await smallestText(tv);
  if (tvMin < 20) fail(`the TV's Automa turn shows text of ${tvMin}px`);
  const cut = await tv.getByTestId("gh-automa-turn").evaluate((el) => {
    const side = el.closest(".gh-tv-side").getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return r.bottom > side.bottom + 1 || el.scrollHeight > el.clientHeight + 1;
  });
  if (cut) fail("the TV cuts the Automa's turn");
  await audit(tv, "the TV with the Automa's turn");
  await page.getByTestId("gh-automa-turn").scrollIntoViewIfNeeded();
  await fitsWidth(page, "the phone with the Automa's turn");
  await noOverflow(page, "the phone with the Automa's turn");
  for (const s of await page.locator('[data-testid^="automa-step-"]').allTextContents())
    if (!s.includes(".")) fail(`a step on the phone gives no reason: "${s}"`);
  await shot(page, "05-phone-automa-done");
  await audit(page, "the phone with the Automa's turn");

  for (const n of [1, 3]) {
    setStep(`the longest turn the rules allow fits the TV, with ${n} ${n === 1 ? "person" : "people"}`);
    const tall = await longestTurnTv(ctx, base + tvHref, n);
    await until(
      "the longest turn to finish showing",
      async () => {
        const s = await turnState(tall);
        return s?.seq === LONGEST.seq && s.shown === s.total;
      },
      30_000,
    );
    const tallSteps = await tall.locator('[data-testid^="automa-step-"]').allTextContents();
    const tallTold = (await turnState(tall)).lines;
    if (tallTold !== 12) fail(`the longest turn tells ${tallTold} steps, not 12: ${tallSteps.join(" | ")}`);
    const room = await tall.getByTestId("gh-automa-turn").evaluate((el) => {
      const side = el.closest(".gh-tv-side").getBoundingClientRect();
      const r = el.getBoundingClientRect();
      const last = el.querySelector("li:last-child").getBoundingClientRect();
      return {
        spare: Math.round(r.bottom - last.bottom),
        cut: r.bottom > side.bottom + 1 || el.scrollHeight > el.clientHeight + 1 || last.bottom > r.bottom + 1,
      };
    });
    await shot(tall, `07-tv-longest-turn-${n}`);
    if (room.cut) fail(`the TV cuts the Automa's longest turn (${room.spare} px under its last step)`);
    await fitsScreen(tall, "the TV with the longest Automa turn");
    const tallProblems = (await tvFitProblems(tall)).filter((p) => p.includes("aturn") || p.includes("Automa"));
    if (tallProblems.length) fail(`the TV with the longest Automa turn:\n  ${tallProblems.join("\n  ")}`);
    log(`the longest Automa turn fits the TV with ${room.spare} px to spare under its last step:\n  ${tallSteps.join("\n  ")}`);
    await tall.close();
  }

  setStep("the phone shows every step at once, and again on request");
  await page.getByTestId("automa-replay").click();
  await until("the replay to start", async () => (await turnState(page)).shown === 1);
  await page.getByTestId("automa-show-all").click();
  const all = await turnState(page);
  if (all.shown !== all.total) fail(`"Show every step now" left ${all.shown} of ${all.total}`);

  setStep("the action phase: the TV's turn-order chips are readable");
  for (let k = 0; k < 40; k++) {
    if ((await tv.locator(".gh-order li").count()) > 0) break;
    if (!(await act(page))) await new Promise((r) => setTimeout(r, 150));
  }
  const chips = await chipContrast(tv);
  if (!chips.length) fail("the TV shows no turn order in the action phase");
  for (const c of chips) if (c.ratio < 4.5) fail(`the TV's turn-order chip "${c.text}" has contrast ${c.ratio.toFixed(2)}:1`);
  log(`the TV's turn-order chips: ${chips.map((c) => `"${c.text}" ${c.ratio.toFixed(1)}:1`).join(", ")}`);
  await shot(tv, "06-tv-action");
  await audit(tv, "the TV in the action phase");

  if (errors.length) fail(`script errors:\n${errors.join("\n")}`);
}
