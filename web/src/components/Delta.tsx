import { useEffect, useRef, useState } from "preact/hooks";
import { coins } from "../format";

/** Delta briefly shows how much a number just changed by (+200, −60), for the TV's money. */
export function Delta({ value }: { value: number }) {
  const prev = useRef(value);
  const [shown, setShown] = useState<{ d: number; k: number } | null>(null);
  useEffect(() => {
    const d = value - prev.current;
    prev.current = value;
    if (d === 0) return;
    setShown((s) => ({ d, k: (s?.k ?? 0) + 1 }));
    const t = setTimeout(() => setShown(null), 2500);
    return () => clearTimeout(t);
  }, [value]);
  if (!shown) return null;
  return (
    <span key={shown.k} class={`delta ${shown.d > 0 ? "delta-up" : "delta-down"}`} aria-hidden="true">
      {shown.d > 0 ? "+" : "−"}
      {coins(Math.abs(shown.d))}
    </span>
  );
}
