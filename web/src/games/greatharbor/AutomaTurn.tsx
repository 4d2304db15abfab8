// The Automa's latest draft shown step by step: the card it turned over,
// the die it took, where the die went and what its track paid, each with
// the reason, one step every STEP_MS so people can follow, with a button to
// see every step at once. It reads the public record the engine keeps
// (view.automa.last); the log keeps the same story in short lines. On the
// TV it takes the place of the cards on offer during the draft, and gives
// the newest step's reason in full but each older step's in a few words,
// and the cards set aside first on one line (tvRows), so the longest turn
// fits the room those cards leave; a phone gives every reason in full.

import { useEffect, useRef, useState } from "preact/hooks";
import { TILES } from "./content";
import { slotName } from "./moves";
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

/**
 * pace shows the first step at once, then one more every interval ms until
 * all total show. Each step waits its whole interval from the one before (a
 * timer set anew each time: a repeating one may fire early after a late
 * tick on a busy machine).
 */
export function pace(total: number, interval: number, show: (shown: number) => void): Pacer {
  let shown = Math.min(1, total);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const next = () => {
    timer = setTimeout(() => {
      shown++;
      show(shown);
      if (shown < total) next();
      else timer = undefined;
    }, interval);
  };
  show(shown);
  if (shown < total) next();
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

/** AutomaLine is one step: what the Automa did and why, in full and in a few words. */
export interface AutomaLine {
  text: string;
  why: string;
  /** the reason in a few words, for a step the TV lists on one line once a newer step shows */
  short: string;
  /** the card this step turned over, drawn beside the steps from then on */
  card?: AutomaCard;
  /** this step took the die */
  die?: boolean;
  /** how many cards this step set aside for want of a die */
  aside?: number;
}

/** AutomaRow is what the TV lists on one line: a step, or a run of older steps that set cards aside, told together. */
export interface AutomaRow {
  /** the first step's index, and how many steps the row tells */
  first: number;
  steps: number;
  text: string;
  why: string;
}

const cardsWord = (n: number) => `${n} card${n === 1 ? "" : "s"}`;

/**
 * tvRows lists the first shown steps of lines for the TV: the newest with its
 * reason in full, each older one with its reason in a few words, and two or
 * more older steps that set cards aside as one row naming the cards.
 */
export function tvRows(lines: AutomaLine[], shown: number): AutomaRow[] {
  const rows: AutomaRow[] = [];
  let run = 0;
  while (run < shown - 1 && lines[run]?.aside) run++;
  if (run >= 2) {
    const set = lines.slice(0, run);
    const n = set.reduce((sum, l) => sum + (l.aside ?? 0), 0);
    const named = set.flatMap((l) => (l.card ? [`${colourName(l.card.colour)} ${arrow(l.card.up)}`] : []));
    const more = n - named.length;
    rows.push({
      first: 0,
      steps: run,
      text: `Sets aside ${cardsWord(n)} (${named.join(", ")}${more ? `, ${more} more` : ""})`,
      why: "no die left",
    });
  }
  for (let i = rows.length ? run : 0; i < shown; i++) {
    const l = lines[i]!;
    rows.push({ first: i, steps: 1, text: l.text, why: i === shown - 1 ? l.why : l.short });
  }
  return rows;
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

const CHOOSES = " Its Governor's colors choose which card.";

/** automaLines tells the Automa's turn t as steps, in the order it played them. */
export function automaLines(v: GreatHarborView, t: AutomaTurn): AutomaLine[] {
  const out: AutomaLine[] = [];
  const c = t.colour;
  t.skipped.forEach((k: AutomaCard) => {
    out.push({
      text: `Turns over a card: ${colourName(k.colour)} ${arrow(k.up)}, ${tileName(k.tile)}`,
      why: `No ${lower(k.colour)} die is left to take, so it sets the card aside.`,
      short: `no ${lower(k.colour)} die left`,
      card: k,
      aside: 1,
    });
  });
  if (t.skippedN > t.skipped.length) {
    const more = t.skippedN - t.skipped.length;
    out.push({
      text: `Sets aside ${more} more ${more === 1 ? "card" : "cards"}`,
      why: "None of their colors has a die left to take.",
      short: "no die of their colors left",
      aside: more,
    });
  }
  out.push({
    text: `Turns over a card: ${colourName(t.card.colour)} ${arrow(t.card.up)}, ${tileName(t.card.tile)}`,
    why: "The back says which die it takes; the front names the tile the die goes to.",
    short: "its back picks the die",
    card: t.card,
  });
  out.push({
    text: `Takes a ${lower(c)} ${t.face}`,
    why: `The arrow points ${t.card.up ? "up" : "down"}: the ${pick(t.card.up)} ${lower(c)} die in the pool, the first rolled on a tie.`,
    short: `the ${pick(t.card.up)} ${lower(c)}`,
    die: true,
  });
  const tile = tileName(t.card.tile);
  if (t.slot === DISTRICT) {
    out.push({
      text: "Puts it in the Smuggler's District and gains 1 Smuggler token",
      why: `Every slot by the ${tile} is taken.`,
      short: "no free slot there",
    });
  } else {
    const fits = accepts(v, t.slot, c);
    out.push({
      text: `Puts it on ${slotName(v, t.slot)}`,
      why: fits
        ? `The first free slot by the ${tile} that takes ${lower(c)}, clockwise from the top.`
        : `No free slot by the ${tile} takes ${lower(c)}, so the first free slot clockwise from the top.`,
      short: fits ? `first free ${lower(c)} slot` : "first free slot",
    });
  }
  const full = t.steps.find((st) => st.why === "full");
  if (full) {
    out.push({ text: `Gains ${full.value} Prestige`, why: `Its ${lower(c)} marker is already at the top of its track.`, short: "its track is full" });
    return out;
  }
  out.push({
    text: `Moves its ${lower(c)} marker to space ${t.space}`,
    why: t.steps.length ? `The die was ${lower(c)}, so the ${lower(c)} track moves.` : `The die was ${lower(c)}; that space gives nothing.`,
    short: t.steps.length ? `a ${lower(c)} die` : "a space with nothing",
  });
  for (const st of t.steps) {
    const choose = st.done && (st.kind === "ship" || st.kind === "building" || st.kind === "person") ? CHOOSES : "";
    out.push({
      text: gainWords(st),
      why:
        st.why === "link"
          ? `The ${lower(c)} and ${lower(st.other)} markers both reached row ${t.space}: the space they share pays.${choose}`
          : `Space ${t.space} of the ${lower(c)} track.${choose}`,
      short: st.why === "link" ? `shared with ${lower(st.other)}` : `space ${t.space}`,
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

/**
 * The longest turn the rules allow: four cards set aside and a line for any
 * more (the engine records the first four), the card, the die, the place, the
 * track and three gains (a space and two links, as yellow or blue reaching
 * row 4 or 7 with both neighbors there): twelve steps. The TV lists them all
 * (tvRows): the cards set aside on one line, each other step but the newest on
 * a line with its reason in a few words, the newest with its reason in full.
 * The phone gives every reason in full.
 */
export const MOST_STEPS = 12;

function Steps({ v, t, tv }: { v: GreatHarborView; t: AutomaTurn; tv: boolean }) {
  const lines = automaLines(v, t);
  const { shown, showAll, replay } = usePaced(t.seq, lines.length, v.phase === "draft");
  const done = shown >= lines.length;
  const seen = lines.slice(0, shown);
  const card = [...seen].reverse().find((l) => l.card)?.card ?? t.card;
  const took = seen.some((l) => l.die);
  const h = `gh-aturn-h${tv ? "-tv" : ""}`;
  return (
    <section class="panel gh-aturn" aria-labelledby={h} data-testid="gh-automa-turn" data-seq={t.seq} data-shown={shown} data-total={lines.length}>
      <div class="gh-aturn-head">
        <h2 id={h}>
          The Automa's turn{" "}
          <span class="gh-small">
            round {t.round + 1}, turn {t.turn === 0 ? "A" : "B"}
          </span>
        </h2>
        <div class="gh-acard" data-testid="automa-card">
          <p class="gh-acard-back" style={{ background: COLOUR_FILLS[card.colour], color: COLOUR_INKS[card.colour] }}>
            {colourName(card.colour)} {arrow(card.up)}
          </p>
          <p class="gh-acard-front">{tileName(card.tile)}</p>
          {took ? <DieChip colour={t.colour} face={t.face} size={tv ? 36 : 28} label={`took ${lower(t.colour)} ${t.face}`} /> : null}
        </div>
      </div>
      <ol class="gh-aturn-steps" aria-live="polite">
        {tv
          ? tvRows(lines, shown).map((r) => {
              const newest = r.first + r.steps === shown;
              return (
                <li
                  key={`${t.seq}-${r.first}`}
                  value={r.first + 1}
                  class={newest ? (done ? "" : "gh-aturn-new") : "gh-aturn-brief"}
                  data-testid={`automa-step-${r.first}`}
                  data-steps={r.steps}
                >
                  <strong>{r.text}</strong>
                  {newest ? " " : ": "}
                  <span class="gh-aturn-why">{r.why}</span>
                </li>
              );
            })
          : seen.map((l, i) => (
              <li key={`${t.seq}-${i}`} class={i === shown - 1 && !done ? "gh-aturn-new" : ""} data-testid={`automa-step-${i}`} data-steps={1}>
                <strong>{l.text}</strong> <span class="gh-aturn-why">{l.why}</span>
              </li>
            ))}
      </ol>
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
 * before its first or once the game is over. On the TV the steps before the
 * newest give their reasons in a few words (MOST_STEPS).
 */
export function AutomaTurnPanel({ v, tv = false }: { v: GreatHarborView; tv?: boolean }) {
  const t = v.automa?.last;
  if (!t || v.phase === "over") return null;
  return <Steps v={v} t={t} tv={tv} />;
}
