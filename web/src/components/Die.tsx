/** PIPS places the pips of each face on a 4 × 4 grid of the die's side. */
const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

/**
 * Die draws one die face with its pips inside an SVG, its corner at x, y;
 * value 0 draws a blank die. rolling tumbles it in (the roll's animation),
 * pip colors the pips (a seven in Harborfall is red).
 */
export function Die({ value, x, y, size, rolling, pip = "#1b1b1b" }: { value: number; x: number; y: number; size: number; rolling?: boolean; pip?: string }) {
  const p = size / 4;
  return (
    <g transform={`translate(${x} ${y})`}>
      <g class={rolling ? "die die-rolling" : "die"}>
        <rect width={size} height={size} rx={size / 6} fill="#fff" stroke="#1b1b1b" stroke-width={size > 60 ? 3 : 2.5} />
        {(PIPS[value] ?? []).map(([cx, cy], k) => (
          <circle key={k} cx={cx * p} cy={cy * p} r={size / 11} fill={pip} />
        ))}
      </g>
    </g>
  );
}
