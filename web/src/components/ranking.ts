import type { GameResult, Seat } from "../protocol";

/**
 * ranking orders a finished game's seats for its final table: by place, a
 * seat without one (out of the game, place 0) last, then by score, then by
 * seat.
 */
export function ranking(result: GameResult, players: number): { seat: Seat; place: number; score: number }[] {
  return Array.from({ length: players }, (_, seat) => ({ seat, place: result.places[seat] ?? 0, score: result.scores[seat] ?? 0 })).sort(
    (a, b) => (a.place || 99) - (b.place || 99) || b.score - a.score || a.seat - b.seat,
  );
}
