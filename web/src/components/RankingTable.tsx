// The final table of a game whose end scores are a few sources of points
// per player (Harborfall, The Great Harbor): one row a player, ranked, with
// the place, who, each source and the total. It fits a 320 px phone as the
// other end tables do (`fit-table` in styles.css): on a narrow screen the
// column heads stand upright, and on a phone the place moves into the name's
// cell.

import type { ComponentChildren } from "preact";
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
  return (
    <div class="rank-wrap">
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
