// The in-game quick reference for dice and harbor actions, in Harbor's own
// words, with the game's icons. QuickReference is the sheet itself, usable by
// any screen (the rules help links to it); QuickRefButton opens it in a
// dialog one tap away from play.

import { useRef } from "preact/hooks";
import { SMUGGLER_CHART, TILES } from "./content";
import { COLOUR_MARKS, DieChip, GainIcons, Icon } from "./icons";
import { colourName, gainText } from "./words";

/** QuickReference is the sheet: turn structure, drafting and order, placing and fees, benefits, the Smuggler's chart. */
export function QuickReference() {
  return (
    <div class="gh-ref" data-testid="gh-quickref">
      <section>
        <h3>A round, step by step</h3>
        <p>
          The game lasts five rounds. Every round has two turns, A and B, and each turn runs the same way: roll and draft dice, take actions, sail the voyages,
          then tidy up. Dice placed in turn A stay on the Harbor through turn B and only go back into the bag when the round is over.
        </p>
      </section>
      <section>
        <h3>Rolling and drafting</h3>
        <p>
          The bag gives one more die than twice the number of players (5, 7 or 9 dice for 2, 3 or 4). The holder of the <Icon name="anchor" size={18} /> Anchor
          picks first and picks go round the table until everyone holds two dice; faces never change while drafting. The die nobody took becomes this turn's
          Smuggler die.
        </p>
        <p>
          Once you have unlocked a color's bonus in the Senate, every die of that color you draft also brings you the resource the Dice Bonus tile shows for it.
        </p>
      </section>
      <section>
        <h3>Who acts first</h3>
        <p>
          Add up the two faces you drafted: the smallest total acts first and the rest follow from low to high. On equal totals the Anchor holder goes first,
          then whoever sits nearest after them. In your action you place both dice and may take any Govern actions you can pay for, in any order, and you finish
          everything before the next player starts.
        </p>
      </section>
      <section>
        <h3>Placing a die</h3>
        <p>
          Pick an empty slot whose color (shown by both color and shape: {COLOUR_MARKS.map((m, i) => `${m} ${colourName(i)}`).join(", ")}) matches your die on
          at least one half. Share its pips between the one or two tiles the slot touches; splitting lets you collect from both. A tile pays tier I for 1–2
          pips, tier II for 3–4 and tier III for 5–6.
        </p>
        <h4>Shore Fees</h4>
        <p>
          A die sitting on a tile's outer (shore) slot makes every tier of that tile cost its face in extra pips. Several shore dice do not add up: only the
          highest face counts. The center tile has no shore, so it never charges a fee. A <Icon name="smuggler" size={18} /> Smuggler token cancels the fee for
          one placement; a <Icon name="favor" size={18} /> Favor pip makes your die stronger without changing the face others pay as a fee.
        </p>
      </section>
      <section>
        <h3>What each tile pays</h3>
        <div class="gh-table-wrap" tabIndex={0} role="region" aria-label="What each tile pays, scrolls sideways on a narrow screen">
          <table class="gh-ref-table">
            <thead>
              <tr>
                <th scope="col">Tile</th>
                <th scope="col">I (1–2)</th>
                <th scope="col">II (3–4)</th>
                <th scope="col">III (5–6)</th>
              </tr>
            </thead>
            <tbody>
              {TILES.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.name}</th>
                  {t.tiers.map((g, i) => (
                    <td key={i} aria-label={gainText(g)}>
                      <GainIcons gain={g} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          New Colonists need room in your housing; the rest go back to the supply. A resource track holds five at most: a gain that would go past five gives 1{" "}
          <Icon name="prestige" size={18} /> Prestige instead. A card taken from a display is replaced at once; an empty deck simply stops giving cards, and
          there is no limit to your hand.
        </p>
      </section>
      <section>
        <h3>The Smuggler's District</h3>
        <p>
          Any die of any color fits here, as many as you like. What you get depends on the Smuggler die's face, not on yours, plus one Smuggler token. In turn B
          both Smuggler dice count, so you collect twice.
        </p>
        <ol class="gh-chart">
          {SMUGGLER_CHART.map((g, i) => (
            <li key={i}>
              <DieChip colour={3} face={i + 1} size={24} label={`Smuggler die ${i + 1}`} /> <GainIcons gain={g} />
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h3>Icons</h3>
        <ul class="gh-legend">
          {(
            [
              "planks",
              "rope",
              "metal",
              "sails",
              "wine",
              "dyes",
              "marble",
              "amphorae",
              "coins",
              "prestige",
              "favor",
              "colonist",
              "smuggler",
              "ship",
              "person",
              "building",
              "pirate",
              "shop",
              "anchor",
            ] as const
          ).map((n) => (
            <li key={n}>
              <Icon name={n} size={22} label={false} />{" "}
              {n === "smuggler" ? "Smuggler token" : n === "person" ? "Person card" : n === "building" ? "Building card" : n[0]!.toUpperCase() + n.slice(1)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** QuickRefButton opens the quick reference in a modal dialog; Escape or the button closes it. On a phone's header it shows a "?" only (its name stays). */
export function QuickRefButton({ class: cls = "" }: { class?: string }) {
  const dlg = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" class={`btn-small gh-ref-open ${cls}`} onClick={() => dlg.current?.showModal()} data-testid="gh-ref-open">
        <span class="phone-sr-only">Quick reference</span>
        <span class="gh-ref-mark" aria-hidden="true">
          ?
        </span>
      </button>
      <dialog ref={dlg} class="gh-ref-dialog" aria-labelledby="gh-ref-h">
        <div class="gh-ref-head">
          <h2 id="gh-ref-h">Dice and harbor actions</h2>
          <button type="button" class="btn-small" onClick={() => dlg.current?.close()} data-testid="gh-ref-close">
            Close
          </button>
        </div>
        <QuickReference />
      </dialog>
    </>
  );
}
