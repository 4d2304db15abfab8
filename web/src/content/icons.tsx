// A small set of drawn icons for the rules help (The Great Harbor's
// resources and tokens), each a distinct shape so color is never the only
// signal. Text writes them as :name: (see RichText).

import type { JSX } from "preact";

const shapes: Record<string, { label: string; draw: () => JSX.Element }> = {
  sails: {
    label: "Sails",
    draw: () => (
      <>
        <path d="M11 2v18" stroke="#5b3a1a" stroke-width="1.6" />
        <path d="M12 3c6 4 7 10 6 14H12z" fill="#f4f1de" stroke="#7a6a4a" stroke-width="1.2" />
        <path d="M10 5C6 8 5 13 6 16h4z" fill="#e9e4c9" stroke="#7a6a4a" stroke-width="1.2" />
        <path d="M4 20h16l-2 2H6z" fill="#5b3a1a" />
      </>
    ),
  },
  rope: {
    label: "Rope",
    draw: () => (
      <>
        <circle cx="12" cy="12" r="8" fill="none" stroke="#b08443" stroke-width="3" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="#b08443" stroke-width="3" />
        <path d="M6 6l3 3M15 15l3 3M18 6l-3 3M6 18l3-3" stroke="#7a5a25" stroke-width="1" />
      </>
    ),
  },
  planks: {
    label: "Planks",
    draw: () => (
      <>
        <rect x="3" y="5" width="18" height="4" rx="1" fill="#c98d4b" stroke="#6b4420" />
        <rect x="3" y="10" width="18" height="4" rx="1" fill="#b87a3a" stroke="#6b4420" />
        <rect x="3" y="15" width="18" height="4" rx="1" fill="#c98d4b" stroke="#6b4420" />
      </>
    ),
  },
  metal: {
    label: "Metal",
    draw: () => <path d="M5 16l3-8h8l3 8z" fill="#9aa4ad" stroke="#3d464e" stroke-width="1.4" />,
  },
  coins: {
    label: "Coins",
    draw: () => (
      <>
        <circle cx="12" cy="12" r="8.5" fill="#f2c202" stroke="#9a7b00" stroke-width="1.5" />
        <circle cx="12" cy="12" r="5" fill="none" stroke="#9a7b00" stroke-width="1.2" />
      </>
    ),
  },
  prestige: {
    label: "Prestige",
    draw: () => (
      <>
        <path d="M12 20C6 17 4 11 5 5M12 20c6-3 8-9 7-15" fill="none" stroke="#3f7d20" stroke-width="2" />
        <path d="M5 9l-2-1M5 13l-2 0M19 9l2-1M19 13l2 0M7 16l-2 1M17 16l2 1" stroke="#3f7d20" stroke-width="2" stroke-linecap="round" />
      </>
    ),
  },
  favor: {
    label: "Favor",
    draw: () => <path d="M12 20l-7-7a4.2 4.2 0 0 1 7-5 4.2 4.2 0 0 1 7 5z" fill="#d94f70" stroke="#8a2740" stroke-width="1.2" />,
  },
  colonist: {
    label: "Colonist",
    draw: () => (
      <>
        <circle cx="12" cy="7" r="3.5" fill="#4a6fa5" />
        <path d="M6 21c0-6 2.5-9 6-9s6 3 6 9z" fill="#4a6fa5" />
      </>
    ),
  },
  smuggler: {
    label: "Smuggler token",
    draw: () => (
      <>
        <path d="M12 3l8 4v5c0 5-4 8-8 9-4-1-8-4-8-9V7z" fill="#2f2f3a" stroke="#000" />
        <path d="M8 11h8" stroke="#f4f1de" stroke-width="2" />
        <circle cx="9.5" cy="11" r="1.5" fill="#f4f1de" />
        <circle cx="14.5" cy="11" r="1.5" fill="#f4f1de" />
      </>
    ),
  },
  luxury: {
    label: "Luxury",
    draw: () => <path d="M12 3l8 7-8 11-8-11z" fill="#8e44ad" stroke="#4a1f5c" stroke-width="1.2" />,
  },
  damage: {
    label: "Damage",
    draw: () => <path d="M12 2l2 6 6-2-4 5 5 4-7 0-2 7-2-7-7 0 5-4-4-5 6 2z" fill="#e4572e" stroke="#7a2410" stroke-width="1" />,
  },
};

/** ICON_NAMES lists the icons that exist. */
export const ICON_NAMES = Object.keys(shapes);

/** Icon draws one icon inline with text, with its name for screen readers. */
export function Icon({ name, size = 22 }: { name: string; size?: number }) {
  const s = shapes[name];
  if (!s) return <span>{name}</span>;
  return (
    <svg class="rule-icon" width={size} height={size} viewBox="0 0 24 24" role="img" aria-label={s.label}>
      <title>{s.label}</title>
      {s.draw()}
    </svg>
  );
}

/** iconLabel is an icon's spoken name. */
export const iconLabel = (name: string) => shapes[name]?.label ?? name;
