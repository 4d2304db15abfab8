// The final table of a game whose end scores are a few sources of points
// per player (Harborfall, The Great Harbor): one row a player, ranked, with
// the place, who, each source and the total. It fits a 320 px phone as the
// other end tables do (`fit-table` in styles.css): on a narrow screen the
// column heads stand upright, and on a phone the place moves into the name's
// cell. Where the table is still wider than its place (long words in another
// language, the TV's side column), its names and heads wrap rather than
// scroll: a TV cannot scroll, and a scroller would be one more stop for the
// keyboard.

import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { ordinal } from "../format";
import { t } from "../i18n/i18n";

/** ScoreColumn is one source of points: its (short) head, and its words in full when the head is short. */
export interface ScoreColumn {
  label: string;
  title?: string;
}

/** RankRow is one player's row, in the order the table shows them. */
export interface RankRow {
  /** a key unique among the rows: the seat, or the competitor's number */
  id: number;
  /** the place shown (1 for the first) */
  place: number;
  /** who: a badge and a name, and any tag after them */
  who: ComponentChildren;
  /** the points from each source, in the order of the columns */
  points: number[];
  total: number;
  /** the row is marked as the winner's */
  winner: boolean;
  testid: string;
}

/**
 * RankingTable draws the rows under a head of Place, whoHead, the columns
 * and Total. tableClass names the game's own look of the table.
 */
export function RankingTable({ tableClass, whoHead, columns, rows }: { tableClass: string; whoHead: string; columns: ScoreColumn[]; rows: RankRow[] }) {
  const wrap = useRef<HTMLDivElement>(null);
  const fit = useFit(wrap);
  return (
    <div ref={wrap} class={["rank-wrap", "rank-wrap rank-wrapped", "rank-wrap rank-wrapped rank-broken"][fit]}>
      <table class={`${tableClass} fit-table`}>
        <thead>
          <tr>
            <th scope="col" class="col-place">
              <span class="col-head">{t("frame.place")}</span>
            </th>
            <th scope="col">{whoHead}</th>
            {columns.map((c) => (
              <th scope="col" key={c.label} title={c.title}>
                <span class="col-head">{c.label}</span>
              </th>
            ))}
            <th scope="col">
              <span class="col-head">{t("frame.total")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} class={r.winner ? "winner" : ""} data-testid={r.testid}>
              <td class="col-place">{ordinal(r.place)}</td>
              <th scope="row">
                <span class="fit-place">{ordinal(r.place)}</span>
                {r.who}
              </th>
              {r.points.map((n, i) => (
                <td key={columns[i]?.label ?? i}>{n}</td>
              ))}
              <td class="rank-total">{r.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * useFit is how tightly the table in wrap is drawn, from before the first
 * paint: 0 as it is; 1 when it is wider than wrap, with the names and the
 * column heads wrapping at their spaces; 2 when it is still too wide, with
 * the column heads breaking inside their words. It keeps its level until wrap's own
 * width changes (a window resized) or the page's fonts have come.
 */
function useFit(wrap: { current: HTMLDivElement | null }): number {
  const [level, setLevel] = useState(0);
  const tighten = () => {
    const el = wrap.current;
    if (el && el.scrollWidth > el.clientWidth + 1) setLevel((l) => Math.min(2, l + 1));
  };
  useLayoutEffect(() => {
    const el = wrap.current;
    if (!el) return;
    let width = el.clientWidth;
    const check = () => {
      if (el.clientWidth === width) return tighten();
      width = el.clientWidth;
      setLevel(0);
    };
    // Fonts that come late draw the table at another width: measure it afresh.
    void document.fonts?.ready.then(() => setLevel(0));
    if (typeof ResizeObserver === "undefined") return;
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, []);
  useLayoutEffect(tighten);
  return level;
}
