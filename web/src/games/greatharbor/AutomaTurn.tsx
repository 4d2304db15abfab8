// The Automa's latest draft shown step by step: the card it turned over,
// the die it took, where the die went and what its track paid, each with
// the reason, one step every STEP_MS so people can follow, with a button to
// see every step at once. It reads the public record the engine keeps
// (view.automa.last); the log keeps the same story in short lines.

import { useEffect, useRef, useState } from "preact/hooks";
import { TILES } from "./content";
import { COLOUR_FILLS, COLOUR_INKS, DieChip } from "./icons";
import { accepts, DISTRICT, type AutomaCard, type AutomaStep, type AutomaTurn, type GreatHarborView } from "./view";
import { buildingName, colourName, personName, shipName } from "./words";

/** STEP_MS is how long each step of the Automa's turn stays the newest before the next one shows. */
export const STEP_MS = 1200;

export interface Pacer {
  /** showAll shows every step now and stops the clock */
  showAll(): void;
  stop(): void;
}

/** pace shows the first step at once, then one more every interval ms until all total show. */
export function pace(total: number, interval: number, show: (shown: number) => void): Pacer {
  let shown = Math.min(1, total);
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  show(shown);
  if (shown < total) {
    timer = setInterval(() => {
      shown++;
      show(shown);
      if (shown >= total) stop();
    }, interval);
  }
  return {
    showAll() {
      stop();
      if (shown < total) {
        shown = total;
        show(shown);
      }
    },
    stop,
  };
}

/** AutomaLine is one step: what the Automa did and why. */
export interface AutomaLine {
  text: string;
  why: string;
  /** the card this step turned over, drawn beside the steps from then on */
  card?: AutomaCard;
  /** this step took the die */
  die?: boolean;
}

const tileName = (id: string) => TILES.find((t) => t.id === id)?.name ?? "its tile";
const lower = (c: number) => colourName(c).toLowerCase();
const arrow = (up: boolean) => (up ? "▲" : "▼");
const pick = (up: boolean) => (up ? "highest" : "lowest");

/** nextCardWords says in plain words what the Automa's next card will take, from its back on show. */
export function nextCardWords(colour: number, up: boolean): string {
  return `Its next card will take the ${pick(up)} ${lower(colour)} die (${colourName(colour)} ${arrow(up)} on its back).`;
}

function gainWords(st: AutomaStep): string {
  switch (st.kind) {
    case "prestige":
      return `Gains ${st.value} Prestige`;
    case "colonist":
      if (!st.done) return "Would gain a Colonist, but the supply has none left";
      return st.card >= 0 ? `Gains a Colonist, who crews the ${shipName(st.card)}` : "Gains a Colonist";
    case "ship":
      return st.done ? `Takes the Ship ${shipName(st.card)}` : "Would take a Ship, but none is on offer";
    case "building":
      return st.done ? `Takes the Building ${buildingName(st.card)}` : "Would take a Building, but none is on offer";
    case "person":
      return st.done ? `Takes the Person ${personName(st.card)}` : "Would take a Person, but none is on offer";
  }
}

const CHOOSES = " Its Governor's colours choose which card.";

/** automaLines tells the Automa's turn t as steps, in the order it played them. */
export function automaLines(v: GreatHarborView, t: AutomaTurn): AutomaLine[] {
  const out: AutomaLine[] = [];
  const c = t.colour;
  t.skipped.forEach((k: AutomaCard) => {
    out.push({
      text: `Turns over a card: ${colourName(k.colour)} ${arrow(k.up)}, ${tileName(k.tile)}`,
      why: `No ${lower(k.colour)} die is left to take, so it sets the card aside.`,
      card: k,
    });
  });
  if (t.skippedN > t.skipped.length) {
    const more = t.skippedN - t.skipped.length;
    out.push({ text: `Sets aside ${more} more card${more === 1 ? "" : "s"}`, why: "None of their colours has a die left to take." });
  }
  out.push({
    text: `Turns over a card: ${colourName(t.card.colour)} ${arrow(t.card.up)}, ${tileName(t.card.tile)}`,
    why: "The back says which die it takes; the front names the tile the die goes to.",
    card: t.card,
  });
  out.push({
    text: `Takes a ${lower(c)} ${t.face}`,
    why: `The arrow points ${t.card.up ? "up" : "down"}: the ${pick(t.card.up)} ${lower(c)} die in the pool, the first rolled on a tie.`,
    die: true,
  });
  const tile = tileName(t.card.tile);
  if (t.slot === DISTRICT) {
    out.push({ text: "Puts it in the Smuggler's District and gains 1 Smuggler token", why: `Every slot by the ${tile} is taken.` });
  } else {
    out.push({
      text: `Puts it on slot ${t.slot + 1}, by the ${tile}`,
      why: accepts(v, t.slot, c)
        ? `The first free slot there that takes ${lower(c)}, clockwise from the top.`
        : `No free slot there takes ${lower(c)}, so the first free slot clockwise from the top.`,
    });
  }
  const full = t.steps.find((st) => st.why === "full");
  if (full) {
    out.push({ text: `Gains ${full.value} Prestige`, why: `Its ${lower(c)} marker is already at the top of its track.` });
    return out;
  }
  out.push({
    text: `Moves its ${lower(c)} marker to space ${t.space}`,
    why: t.steps.length ? `The die was ${lower(c)}, so the ${lower(c)} track moves.` : `The die was ${lower(c)}; that space gives nothing.`,
  });
  for (const st of t.steps) {
    const choose = st.done && (st.kind === "ship" || st.kind === "building" || st.kind === "person") ? CHOOSES : "";
    out.push({
      text: gainWords(st),
      why:
        st.why === "link"
          ? `The ${lower(c)} and ${lower(st.other)} markers both reached row ${t.space}: the space they share pays.${choose}`
          : `Space ${t.space} of the ${lower(c)} track.${choose}`,
    });
  }
  return out;
}

/**
 * usePaced counts the steps of turn seq to show: all at once for the turn on
 * show when the screen opens (unless animateFirst), else one more every
 * STEP_MS from when the turn arrives. A count belongs to its turn, so a new
 * turn never flashes the old count.
 */
export function usePaced(seq: number, total: number, animateFirst: boolean) {
  const [state, setState] = useState({ seq, shown: animateFirst ? Math.min(1, total) : total });
  const pacer = useRef<Pacer | null>(null);
  const first = useRef(true);
  const start = () => {
    pacer.current?.stop();
    pacer.current = pace(total, STEP_MS, (shown) => setState({ seq, shown }));
  };
  // A new turn (seq) restarts the steps; its total comes with it.
  useEffect(() => {
    const opening = first.current;
    first.current = false;
    if (opening && !animateFirst) return;
    start();
    return () => pacer.current?.stop();
  }, [seq]);
  const showAll = () => {
    pacer.current?.stop();
    setState({ seq, shown: total });
  };
  const shown = state.seq === seq ? state.shown : Math.min(1, total);
  return { shown: Math.min(shown, total), showAll, replay: start };
}

function Steps({ v, t, tv, brief }: { v: GreatHarborView; t: AutomaTurn; tv: boolean; brief: boolean }) {
  const lines = automaLines(v, t);
  const { shown, showAll, replay } = usePaced(t.seq, lines.length, v.phase === "draft");
  const done = shown >= lines.length;
  const seen = lines.slice(0, shown);
  const card = [...seen].reverse().find((l) => l.card)?.card ?? t.card;
  const took = seen.some((l) => l.die);
  return (
    <section
      class="panel gh-aturn"
      aria-labelledby={`gh-aturn-h${tv ? "-tv" : ""}`}
      data-testid="gh-automa-turn"
      data-seq={t.seq}
      data-shown={shown}
      data-total={lines.length}
    >
      <h2 id={`gh-aturn-h${tv ? "-tv" : ""}`}>
        The Automa's turn{" "}
        <span class="gh-small">
          round {t.round + 1}, turn {t.turn === 0 ? "A" : "B"}
        </span>
      </h2>
      <div class="gh-aturn-body">
        <div class="gh-acard" data-testid="automa-card">
          <p class="gh-acard-back" style={{ background: COLOUR_FILLS[card.colour], color: COLOUR_INKS[card.colour] }}>
            {colourName(card.colour)} {arrow(card.up)}
          </p>
          <p class="gh-acard-front">{tileName(card.tile)}</p>
          {took ? <DieChip colour={t.colour} face={t.face} size={tv ? 40 : 28} label={`took ${lower(t.colour)} ${t.face}`} /> : null}
        </div>
        <ol class="gh-aturn-steps" aria-live="polite">
          {seen.map((l, i) => (
            <li key={`${t.seq}-${i}`} class={i === shown - 1 && !done ? "gh-aturn-new" : ""} data-testid={`automa-step-${i}`}>
              <strong>{l.text}</strong> {brief && i !== shown - 1 ? null : <span class="gh-aturn-why">{l.why}</span>}
            </li>
          ))}
        </ol>
      </div>
      {tv ? null : done ? (
        <button type="button" class="btn-small" onClick={replay} data-testid="automa-replay">
          Show the steps again
        </button>
      ) : (
        <button type="button" class="btn-small" onClick={showAll} data-testid="automa-show-all">
          Show every step now
        </button>
      )}
    </section>
  );
}

/**
 * AutomaTurnPanel shows the Automa's latest draft step by step; nothing
 * before its first or once the game is over. A brief panel (a crowded TV)
 * gives the reason of the newest step only.
 */
export function AutomaTurnPanel({ v, tv = false, brief = false }: { v: GreatHarborView; tv?: boolean; brief?: boolean }) {
  const t = v.automa?.last;
  if (!t || v.phase === "over") return null;
  return <Steps v={v} t={t} tv={tv} brief={brief} />;
}
