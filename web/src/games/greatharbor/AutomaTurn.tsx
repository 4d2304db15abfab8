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
import { t } from "../../i18n/i18n";
import { colourWord, dieWords, slotName } from "./moves";
import { COLOUR_FILLS, COLOUR_INKS, DieChip } from "./icons";
import { accepts, DISTRICT, type AutomaCard, type AutomaStep, type AutomaTurn, type GreatHarborView } from "./view";
import { buildingName, colourName, personName, shipName, tileName } from "./words";

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

/** say is a line of the Automa's turn: "greatharbor.ui.aturn.<id>". */
const say = (id: string, values?: Record<string, string | number>) => t(`greatharbor.ui.aturn.${id}`, values);

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
      text: more ? say("aside_more", { n, named: named.join(", "), more }) : say("aside", { n, named: named.join(", ") }),
      why: say("no_die_left"),
    });
  }
  for (let i = rows.length ? run : 0; i < shown; i++) {
    const l = lines[i]!;
    rows.push({ first: i, steps: 1, text: l.text, why: i === shown - 1 ? l.why : l.short });
  }
  return rows;
}

const tileWords = (id: string) => tileName(id) ?? say("its_tile");
const lower = (c: number) => colourWord(c);
const arrow = (up: boolean) => (up ? "▲" : "▼");

/** nextCardWords says in plain words what the Automa's next card will take, from its back on show. */
export function nextCardWords(colour: number, up: boolean): string {
  return say(up ? "next_highest" : "next_lowest", { colour: lower(colour), back: `${colourName(colour)} ${arrow(up)}` });
}

function gainWords(st: AutomaStep): string {
  switch (st.kind) {
    case "prestige":
      return say("gains_prestige", { n: st.value });
    case "colonist":
      if (!st.done) return say("colonist_none");
      return st.card >= 0 ? say("colonist_crews", { ship: shipName(st.card) }) : say("colonist");
    case "ship":
      return st.done ? say("takes_ship", { card: shipName(st.card) }) : say("no_ship");
    case "building":
      return st.done ? say("takes_building", { card: buildingName(st.card) }) : say("no_building");
    case "person":
      return st.done ? say("takes_person", { card: personName(st.card) }) : say("no_person");
  }
}

/** automaLines tells the Automa's turn as steps, in the order it played them. */
export function automaLines(v: GreatHarborView, turn: AutomaTurn): AutomaLine[] {
  const out: AutomaLine[] = [];
  const c = turn.colour;
  const colour = lower(c);
  turn.skipped.forEach((k: AutomaCard) => {
    out.push({
      text: say("turns_over", { back: `${colourName(k.colour)} ${arrow(k.up)}`, tile: tileWords(k.tile) }),
      why: say("skip_why", { colour: lower(k.colour) }),
      short: say("skip_short", { colour: lower(k.colour) }),
      card: k,
      aside: 1,
    });
  });
  if (turn.skippedN > turn.skipped.length) {
    const more = turn.skippedN - turn.skipped.length;
    out.push({
      text: say("aside_more_cards", { n: more }),
      why: say("aside_why"),
      short: say("aside_short"),
      aside: more,
    });
  }
  out.push({
    text: say("turns_over", { back: `${colourName(turn.card.colour)} ${arrow(turn.card.up)}`, tile: tileWords(turn.card.tile) }),
    why: say("card_why"),
    short: say("card_short"),
    card: turn.card,
  });
  out.push({
    text: say("takes_die", { die: dieWords(c, turn.face) }),
    why: say(turn.card.up ? "die_why_up" : "die_why_down", { colour }),
    short: say(turn.card.up ? "die_short_up" : "die_short_down", { colour }),
    die: true,
  });
  const tile = tileWords(turn.card.tile);
  if (turn.slot === DISTRICT) {
    out.push({
      text: say("district"),
      why: say("district_why", { tile }),
      short: say("district_short"),
    });
  } else {
    const fits = accepts(v, turn.slot, c);
    out.push({
      text: say("puts_on", { slot: slotName(v, turn.slot) }),
      why: say(fits ? "slot_why" : "slot_why_other", { tile, colour }),
      short: fits ? say("slot_short", { colour }) : say("slot_short_other"),
    });
  }
  const full = turn.steps.find((st) => st.why === "full");
  if (full) {
    out.push({ text: say("gains_prestige", { n: full.value }), why: say("full_why", { colour }), short: say("full_short") });
    return out;
  }
  out.push({
    text: say("moves_marker", { colour, n: turn.space }),
    why: turn.steps.length ? say("marker_why", { colour }) : say("marker_why_nothing", { colour }),
    short: turn.steps.length ? say("marker_short", { colour }) : say("marker_short_nothing"),
  });
  for (const st of turn.steps) {
    const choose = st.done && (st.kind === "ship" || st.kind === "building" || st.kind === "person") ? say("chooses") : "";
    out.push({
      text: gainWords(st),
      why: st.why === "link" ? say("link_why", { colour, other: lower(st.other), n: turn.space, choose }) : say("space_why", { colour, n: turn.space, choose }),
      short: st.why === "link" ? say("link_short", { other: lower(st.other) }) : say("space_short", { n: turn.space }),
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

function Steps({ v, turn, tv }: { v: GreatHarborView; turn: AutomaTurn; tv: boolean }) {
  const lines = automaLines(v, turn);
  const { shown, showAll, replay } = usePaced(turn.seq, lines.length, v.phase === "draft");
  const done = shown >= lines.length;
  const seen = lines.slice(0, shown);
  const card = [...seen].reverse().find((l) => l.card)?.card ?? turn.card;
  const took = seen.some((l) => l.die);
  const h = `gh-aturn-h${tv ? "-tv" : ""}`;
  return (
    <section class="panel gh-aturn" aria-labelledby={h} data-testid="gh-automa-turn" data-seq={turn.seq} data-shown={shown} data-total={lines.length}>
      <div class="gh-aturn-head">
        <h2 id={h}>
          {say("title")} <span class="gh-small">{say("when", { round: turn.round + 1, turn: turn.turn === 0 ? "A" : "B" })}</span>
        </h2>
        {/* Another card is another face: keyed by what it shows, its words arrive rather than move. */}
        <div key={`${card.colour}-${card.up}-${card.tile}`} class="gh-acard" data-testid="automa-card">
          <p class="gh-acard-back" style={{ background: COLOUR_FILLS[card.colour], color: COLOUR_INKS[card.colour] }}>
            {colourName(card.colour)} {arrow(card.up)}
          </p>
          <p class="gh-acard-front">{tileWords(card.tile)}</p>
          {took ? <DieChip colour={turn.colour} face={turn.face} size={tv ? 36 : 28} label={say("took", { die: dieWords(turn.colour, turn.face) })} /> : null}
        </div>
      </div>
      <ol class="gh-aturn-steps" aria-live="polite">
        {tv
          ? tvRows(lines, shown).map((r) => {
              const newest = r.first + r.steps === shown;
              return (
                <li
                  key={`${turn.seq}-${r.first}`}
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
              <li key={`${turn.seq}-${i}`} class={i === shown - 1 && !done ? "gh-aturn-new" : ""} data-testid={`automa-step-${i}`} data-steps={1}>
                <strong>{l.text}</strong> <span class="gh-aturn-why">{l.why}</span>
              </li>
            ))}
      </ol>
      {tv ? null : done ? (
        <button type="button" class="btn-small" onClick={replay} data-testid="automa-replay">
          {say("again")}
        </button>
      ) : (
        <button type="button" class="btn-small" onClick={showAll} data-testid="automa-show-all">
          {say("show_all")}
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
  const turn = v.automa?.last;
  if (!turn || v.phase === "over") return null;
  return <Steps v={v} turn={turn} tv={tv} />;
}
