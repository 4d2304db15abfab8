import { seatColor, seatShape, type Shape } from "../format";

/** shapePath draws a seat's token shape centered on (0,0) with radius r. */
export function shapePath(shape: Shape, r: number): string {
  const poly = (n: number, rot: number, rr = r) =>
    Array.from({ length: n }, (_, i) => {
      const a = rot + (2 * Math.PI * i) / n;
      return `${(rr * Math.cos(a)).toFixed(2)} ${(rr * Math.sin(a)).toFixed(2)}`;
    });
  const close = (pts: string[]) => `M${pts.join("L")}Z`;
  switch (shape) {
    case "circle":
      return `M${-r} 0a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
    case "square":
      return close(poly(4, Math.PI / 4, r * 1.2));
    case "triangle":
      return close(poly(3, -Math.PI / 2, r * 1.25));
    case "diamond":
      return close(poly(4, 0, r * 1.2));
    case "hexagon":
      return close(poly(6, 0, r * 1.1));
    case "pentagon":
      return close(poly(5, -Math.PI / 2, r * 1.15));
    case "star": {
      const outer = poly(5, -Math.PI / 2, r * 1.3);
      const inner = poly(5, -Math.PI / 2 + Math.PI / 5, r * 0.6);
      return close(outer.flatMap((p, i) => [p, inner[i]!]));
    }
    case "cross": {
      const a = r * 0.4;
      const b = r * 1.1;
      return `M${-a} ${-b}H${a}V${-a}H${b}V${a}H${a}V${b}H${-a}V${a}H${-b}V${-a}H${-a}Z`;
    }
  }
}

/** SeatBadge is a seat's token: its color and its shape, so color is not the only signal. */
export function SeatBadge({ seat, color, empty, size = 28 }: { seat: number; color?: string; empty?: boolean; size?: number }) {
  const c = seatColor(seat, color);
  return (
    <svg class="seat-badge" width={size} height={size} viewBox="-16 -16 32 32" aria-hidden="true">
      {empty ? (
        <circle r="12" fill="none" stroke="#8a8f98" stroke-dasharray="4 3" stroke-width="2" />
      ) : (
        <path d={shapePath(seatShape(seat), 12)} fill={c.fill} stroke="#1b1b1b" stroke-width="1.5" />
      )}
    </svg>
  );
}
