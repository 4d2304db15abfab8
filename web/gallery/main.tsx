// The position gallery's page (docs/gallery.md): it draws the real screens
// of Harbor, the TV's and a player's, from the frames the server would send
// a client that just connected, with no server behind it. Each frame goes
// through the client's own decoding (protocol.ts, patch.ts) and reduce
// (state.ts) into an offline store, which TvScreen or PlayScreen draws as
// the app does. The gallery's runner (gallery/run.mjs) calls window.gallery:
// show one position for one viewer, feed a game frame by frame, and wait
// until the screen is drawn and still. A page opened with ?clock=frames
// runs on the frame clock (clock.ts), which play moves on by a fixed step
// after every frame.

import { type Lang, switchLanguage, t, unknownSaid } from "../src/i18n/i18n";
import { signal } from "@preact/signals";
import { render } from "preact";
import { useLayoutEffect } from "preact/hooks";
import type { GameInfo } from "../src/api";
import { gameList } from "../src/gameList";
import { StateChain, type RawEnvelope } from "../src/patch";
import { parseEnvelope, TableFrames } from "../src/protocol";
import { PlayScreen } from "../src/screens/Table";
import { TvScreen } from "../src/screens/Tv";
import { address, me } from "../src/session";
import { emptyTable, reduce, TableStore } from "../src/state";
import "../src/styles.css";
import { type FrameClock, installFrameClock } from "./clock";

// The gallery's own waits are on the real clock, whichever clock the screens run on.
const realSetTimeout = window.setTimeout.bind(window);
const realNow = performance.now.bind(performance);
const clock: FrameClock | null = new URLSearchParams(location.search).get("clock") === "frames" ? installFrameClock(window) : null;

type Screen = "tv" | "play";

interface Shown {
  screen: Screen;
  store: TableStore;
  /** a new number for every position, so its screen starts afresh */
  key: number;
}

const shown = signal<Shown | null>(null);
let chain = new StateChain();
let tableFrames = new TableFrames();
let count = 0;

function Gallery() {
  const s = shown.value;
  const tv = s?.screen === "tv";
  // The TV's look, as App sets it for the TV's routes.
  useLayoutEffect(() => void document.documentElement.classList.toggle("tv-root", tv), [tv]);
  if (!s) return <p class="page">The gallery waits for a position.</p>;
  const code = s.store.data.value.lobby?.tvCode ?? "";
  return s.screen === "tv" ? <TvScreen key={s.key} store={s.store} code={code} /> : <PlayScreen key={s.key} store={s.store} />;
}

/** viewerId is the public id the lobby frames give the seat viewer sits in ("" for the TV): the page's own person. */
function viewerId(frames: RawEnvelope[], viewer: number): string {
  if (viewer < 0) return "";
  for (const f of frames) {
    if (f.t !== "lobby" || typeof f.d !== "object" || f.d === null) continue;
    const seats = (f.d as { seats?: { player?: unknown }[] }).seats;
    const player = seats?.[viewer]?.player;
    if (typeof player === "string") return player;
  }
  return "";
}

/** take passes frames, as the server sent them, through the client's decoding into the store shown. */
function take(frames: RawEnvelope[]): void {
  const s = shown.value;
  if (!s) throw new Error("no position is shown");
  let data = s.store.data.value;
  for (const f of frames) {
    const raw = parseEnvelope(JSON.stringify(f));
    const env = raw && chain.take(raw).env;
    const m = env && tableFrames.decode(env, me.value);
    if (m) data = reduce(data, m);
  }
  s.store.data.value = data;
}

const frame = () => new Promise<void>((ok) => requestAnimationFrame(() => ok()));
const sleep = (ms: number) => new Promise<void>((ok) => realSetTimeout(ok, ms));

let lastChange = realNow();
/** how many times the page has changed, for step */
let changes = 0;
new MutationObserver(() => {
  lastChange = realNow();
  changes++;
}).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });

/** The lines a screen shows while code it needs is still on its way. */
const LOADING = ["loading.game", "loading.page", "loading.tv", "loading.replay", "frame.loadingIcons"] as const;

/**
 * loadingShown says whether the page shows a loading line, in the language
 * drawn: a screen whose game chunk is still on its way is not the screen yet,
 * however long it has been still.
 */
function loadingShown(): boolean {
  const lines = new Set(LOADING.map((id) => t(id)));
  return [...document.querySelectorAll("p")].some((p) => lines.has((p.textContent ?? "").trim()));
}

/**
 * settle resolves once the screen is drawn and still: fonts loaded, images
 * decoded, the game's lazy chunk in (no loading line, in any language), every animation
 * with an end finished and every endless one held at its start, and the
 * page unchanged for quiet milliseconds. It says whether it got there
 * within so many rounds of two animation frames (about 8 s on an idle
 * machine): rounds rather than a clock, so a loaded machine that draws
 * slowly gets the same chance to finish as an idle one.
 */
async function settle(quiet = 150, rounds = 160): Promise<boolean> {
  await document.fonts.ready;
  for (let i = 0; i < rounds; i++) {
    await frame();
    await frame();
    for (const a of document.getAnimations()) {
      const t = a.effect?.getTiming();
      if (t && t.iterations === Infinity) {
        a.pause();
        a.currentTime = 0;
      } else if (a.playState !== "finished") a.finish();
    }
    const images = [...document.images].every((i) => i.complete);
    const loading = loadingShown();
    if (images && !loading && realNow() - lastChange >= quiet) return true;
    await sleep(Math.min(50, quiet));
  }
  return false;
}

/**
 * rest ends every animation with an end at once and holds every endless one
 * at its start, and says whether any was running: a frame drawn half way
 * through one would shift by however far the machine got.
 */
function rest(): boolean {
  let moved = false;
  for (const a of document.getAnimations()) {
    const t = a.effect?.getTiming();
    if (t && t.iterations === Infinity) {
      if (a.playState !== "paused" || a.currentTime !== 0) moved = true;
      a.pause();
      a.currentTime = 0;
    } else if (a.playState !== "finished") {
      moved = true;
      a.finish();
    }
  }
  return moved;
}

/**
 * step resolves when the frame just taken is drawn and at rest, waiting on
 * the page's own events rather than the clock: fonts loaded, images decoded,
 * no loading line, no animation running, no timer of the frame clock due, and two animation
 * frames in a row that changed nothing in the page. It says whether it got
 * there within limit frames.
 */
async function step(limit = 200): Promise<boolean> {
  await document.fonts.ready;
  for (let i = 0; i < limit; i++) {
    const before = changes;
    rest();
    await frame();
    const moved = rest();
    await frame();
    const images = [...document.images].every((im) => im.complete);
    const waiting = clock ? clock.due() : 0;
    if (!moved && images && changes === before && document.fonts.status === "loaded" && !waiting && !loadingShown()) return true;
  }
  return false;
}

declare global {
  interface Window {
    gallery: typeof api;
  }
}

const api = {
  /** setup gives the page the server's game list and the address invite links use, which a server would tell it, and the language to draw in (English when none). */
  async setup(o: { games: GameInfo[]; base: string; lang?: Lang }): Promise<void> {
    gameList.value = o.games;
    address.value = { base: o.base, loopbackOnly: false };
    if (o.lang) await switchLanguage(o.lang);
  },
  /** show draws the screen (the TV's or a player's) of one viewer (-1: the TV, me: its public id, else found in the lobby) from its frames and resolves when it is still. */
  async show(o: { screen: Screen; viewer: number; me?: string; frames: RawEnvelope[] }): Promise<boolean> {
    me.value = o.me || viewerId(o.frames, o.viewer);
    chain = new StateChain();
    tableFrames = new TableFrames();
    shown.value = { screen: o.screen, store: TableStore.offline(emptyTable()), key: ++count };
    take(o.frames);
    return settle();
  },
  /** feed passes more frames to the screen shown (the next move of a game) and resolves when it is still. */
  async feed(frames: RawEnvelope[], quiet = 60): Promise<boolean> {
    take(frames);
    return settle(quiet);
  },
  /**
   * play passes frames to the screen shown one at a time, as a game's moves
   * arrive, each drawn and at rest (step) before the next, so the same frames
   * always give the same layout shifts, however fast the machine is. On the
   * frame clock, the clock then moves on by frameMs, and what its timers
   * changed is drawn and at rest too before the next frame.
   */
  async play(frames: RawEnvelope[], frameMs = 0): Promise<boolean> {
    let still = true;
    for (const f of frames) {
      take([f]);
      still = (await step()) && still;
      if (clock && frameMs > 0 && clock.advance(frameMs) > 0) still = (await step()) && still;
    }
    return still;
  },
  settle,
  /** unknownWords are the message ids said since the last call that no catalog has, each once. */
  unknownWords(): string[] {
    const ids = [...unknownSaid];
    unknownSaid.clear();
    return ids;
  },
};

window.gallery = api;
render(<Gallery />, document.getElementById("app")!);
document.documentElement.dataset.gallery = "ready";
