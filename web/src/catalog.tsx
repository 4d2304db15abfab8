// What the home page shows of each game beyond the server's game list: a
// picture drawn in code. Each game's "how to play" and rules reference are in
// content/<game>/reference.json, loaded on demand (rules/reference.ts).

import type { JSX } from "preact";
import { t } from "./i18n/i18n";

export interface GameContent {
  picture: () => JSX.Element;
}

const HoldingsPicture = () => (
  <svg viewBox="0 0 120 80" role="img" aria-label={t("home.pictureHoldings")}>
    <rect width="120" height="80" fill="#0d3b66" />
    <rect x="30" y="8" width="60" height="64" rx="3" fill="#f4f1de" />
    {["#8d5524", "#7fc8f8", "#e0569b", "#f07c12", "#d62828", "#f2c202", "#2a9d3f", "#1d3f9e"].map((c, i) => (
      <rect key={c} x={i < 4 ? 34 + i * 13 : 34 + (i - 4) * 13} y={i < 4 ? 12 : 62} width="11" height="6" fill={c} />
    ))}
    <rect x="44" y="24" width="32" height="32" fill="#e9e4c9" />
    <circle cx="60" cy="40" r="10" fill="#f2c202" stroke="#9a7b00" stroke-width="2" />
    <text x="60" y="44" text-anchor="middle" font-size="11" font-weight="700" fill="#6b5500">
      C
    </text>
    <rect x="96" y="46" width="14" height="14" rx="3" fill="#fff" />
    <circle cx="100" cy="50" r="1.6" />
    <circle cx="106" cy="56" r="1.6" />
    <rect x="8" y="20" width="14" height="14" rx="3" fill="#fff" />
    <circle cx="15" cy="27" r="1.6" />
  </svg>
);

const hex = (cx: number, cy: number, r: number) =>
  Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");

const HarborfallPicture = () => (
  <svg viewBox="0 0 120 80" role="img" aria-label={t("home.pictureHarborfall")}>
    <rect width="120" height="80" fill="#2e86de" />
    {[
      [48, 24, "#2a9d3f"],
      [72, 24, "#f2c202"],
      [36, 44, "#b5651d"],
      [60, 44, "#9aa5b1"],
      [84, 44, "#7cb518"],
      [48, 64, "#f2c202"],
      [72, 64, "#2a9d3f"],
    ].map(([x, y, c]) => (
      <polygon key={`${x}-${y}`} points={hex(x as number, y as number, 13)} fill={c as string} stroke="#f4f1de" stroke-width="1.5" />
    ))}
    <circle cx="60" cy="44" r="5" fill="#f4f1de" />
    <text x="60" y="47" text-anchor="middle" font-size="7" font-weight="700">
      8
    </text>
  </svg>
);

const GreatHarborPicture = () => (
  <svg viewBox="0 0 120 80" role="img" aria-label={t("home.pictureGreatharbor")}>
    <rect width="120" height="80" fill="#1b4965" />
    <path d="M0 62 Q15 56 30 62 T60 62 T90 62 T120 62 V80 H0Z" fill="#5fa8d3" />
    <path d="M30 56 H80 L72 66 H38Z" fill="#8d5524" />
    <path d="M55 16 V56" stroke="#3d2b1f" stroke-width="2" />
    <path d="M57 18 L78 48 H57Z" fill="#f4f1de" />
    <path d="M53 22 L36 48 H53Z" fill="#e9e4c9" />
    <rect x="88" y="18" width="16" height="16" rx="3" fill="#fff" />
    <circle cx="92" cy="22" r="1.6" />
    <circle cx="96" cy="26" r="1.6" />
    <circle cx="100" cy="30" r="1.6" />
    <rect x="14" y="20" width="16" height="16" rx="3" fill="#f2c202" />
    <circle cx="22" cy="28" r="1.8" />
  </svg>
);

const NekoPicture = () => (
  <svg viewBox="0 0 120 80" role="img" aria-label={t("home.pictureNeko")}>
    <rect width="120" height="80" fill="#7e52a0" />
    {[-20, -7, 7, 20].map((a, i) => (
      <rect
        key={a}
        x="50"
        y="22"
        width="22"
        height="32"
        rx="3"
        fill={["#f4f1de", "#ffd6e0", "#c8e7ff", "#fff3b0"][i]}
        stroke="#3d2b5f"
        transform={`rotate(${a} 61 70)`}
      />
    ))}
    <path d="M44 40 L48 24 L56 34 H64 L72 24 L76 40 Q76 56 60 56 Q44 56 44 40Z" fill="#f07c12" stroke="#3d2b1f" stroke-width="1.5" />
    <circle cx="54" cy="42" r="2" />
    <circle cx="66" cy="42" r="2" />
    <path d="M58 47 L60 49 L62 47" stroke="#3d2b1f" fill="none" />
  </svg>
);

const GenericPicture = () => (
  <svg viewBox="0 0 120 80" role="img" aria-label={t("home.pictureDefault")}>
    <rect width="120" height="80" fill="#0d3b66" />
    <path d="M54 70 L58 20 H64 L68 70Z" fill="#f4f1de" />
    <rect x="55" y="14" width="12" height="8" fill="#f2c202" />
  </svg>
);

export const CATALOG: Record<string, GameContent> = {
  holdings: {
    picture: HoldingsPicture,
  },
  harborfall: {
    picture: HarborfallPicture,
  },
  greatharbor: {
    picture: GreatHarborPicture,
  },
  neko: {
    picture: NekoPicture,
  },
};

export function contentFor(id: string): GameContent {
  return CATALOG[id] ?? { picture: GenericPicture };
}
