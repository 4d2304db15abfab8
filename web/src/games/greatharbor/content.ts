// The Great Harbor's printed content (tiles, cards, boards), read straight from
// the engine's data files in games/greatharbor/data so names, costs and tier
// benefits can never drift from the rules the server plays by. The indices
// used here are the engine's: a card's index is its place in its file.

import boardsData from "../../../../games/greatharbor/data/boards.json";
import buildingsData from "../../../../games/greatharbor/data/buildings.json";
import harborData from "../../../../games/greatharbor/data/harbor.json";
import peopleData from "../../../../games/greatharbor/data/people.json";
import shipsData from "../../../../games/greatharbor/data/ships.json";

export const COLOURS = ["red", "yellow", "blue", "purple"] as const;
export const RESOURCES = ["planks", "rope", "metal", "sails"] as const;
export const LUXURIES = ["wine", "dyes", "marble", "amphorae"] as const;
export const SIZES = ["small", "medium", "large"] as const;
export const STATS = ["speed", "strength", "cargo"] as const;

export type Colour = (typeof COLOURS)[number];
export type Resource = (typeof RESOURCES)[number];

/** What one effect pays: a resource count per basic resource, and the other gains by name. */
export interface Gain {
  res: number[];
  colonists: number;
  favor: number;
  coins: number;
  prestige: number;
  smuggler: number;
  /** resources of the die's color on the Dice Bonus tile */
  diceResource: number;
  buildingDeck: number;
  buildingDisplay: number;
  personDeck: number;
  personDisplay: number;
  /** "", "small", "medium" or "large": a displayed Ship card of that size */
  ship: string;
  luxury: number;
  card: number;
}

type RawGain = { resources?: Record<string, number>; ship?: string } & Record<string, unknown>;

const n = (x: unknown) => (typeof x === "number" ? x : 0);
const colourIndex = (name: string) => COLOURS.indexOf(name as Colour);

export function gainOf(g: RawGain | null | undefined): Gain {
  const o = g ?? {};
  return {
    res: RESOURCES.map((r) => n(o.resources?.[r])),
    colonists: n(o.colonists),
    favor: n(o.favor),
    coins: n(o.coins),
    prestige: n(o.prestige),
    smuggler: n(o.smuggler),
    diceResource: n(o.diceResource),
    buildingDeck: n(o.buildingDeck),
    buildingDisplay: n(o.buildingDisplay),
    personDeck: n(o.personDeck),
    personDisplay: n(o.personDisplay),
    ship: typeof o.ship === "string" ? o.ship : "",
    luxury: n(o.luxury),
    card: n(o.card),
  };
}

const costOf = (c: Record<string, number | undefined> | undefined) => RESOURCES.map((r) => n(c?.[r]));

export interface TileInfo {
  id: string;
  name: string;
  /** color index printed on the N, E, S, W edge */
  edges: number[];
  /** what tiers 1, 2 and 3 pay */
  tiers: Gain[];
}

export const TILES: TileInfo[] = harborData.tiles.map((t) => ({
  id: t.id,
  name: t.name,
  edges: t.edges.map(colourIndex),
  tiers: t.tiers.map((g) => gainOf(g as RawGain)),
}));

export const tileById = (id: string): TileInfo | undefined => TILES.find((t) => t.id === id);

/** What the Smuggler's District pays for a Smuggler die showing 1..6 (index face-1). */
export const SMUGGLER_CHART: Gain[] = harborData.smugglerChart.map((g) => gainOf(g as RawGain));

export interface ShipInfo {
  name: string;
  colour: number;
  size: number;
  cost: number[];
  prestige: number;
  speed: number;
  strength: number;
  cargo: number;
  hull: number;
}

export const SHIPS: ShipInfo[] = shipsData.ships.map((s) => ({
  name: s.name,
  colour: colourIndex(s.colour),
  size: SIZES.indexOf(s.size as (typeof SIZES)[number]),
  cost: costOf(s.cost),
  prestige: s.prestige,
  speed: s.speed,
  strength: s.strength,
  cargo: s.cargo,
  hull: s.hull,
}));

export interface PersonInfo {
  number: number;
  name: string;
  colour: number;
  voyage: boolean;
  effect: string;
}

export const PEOPLE: PersonInfo[] = peopleData.people.map((p) => ({
  number: p.number,
  name: p.name,
  colour: colourIndex(p.colour),
  voyage: p.timing === "voyage",
  effect: p.effect,
}));

export interface BuildingInfo {
  number: number;
  name: string;
  colour: number;
  cost: number[];
  prestige: number;
  kind: string;
  effect: string;
}

export const BUILDINGS: BuildingInfo[] = buildingsData.buildings.map((b) => ({
  number: b.number,
  name: b.name,
  colour: colourIndex(b.colour),
  cost: costOf(b.cost),
  prestige: b.prestige,
  kind: b.kind,
  effect: b.effect,
}));

export interface StructureInfo {
  name: string;
  insula: boolean;
  column: number;
  cost: number[];
}

export const STRUCTURES: StructureInfo[] = boardsData.colony.structures.map((s) => ({
  name: s.name,
  insula: s.kind === "insula",
  column: s.column,
  cost: costOf(s.cost),
}));

export interface SegmentInfo {
  coins: number;
  prestige: number;
  demandSlots: number;
  returnDistance: number;
}

export const SEGMENTS: SegmentInfo[] = boardsData.trade.segments;
export const POSITIONS = boardsData.trade.positions;
export const SENATE_TOP = boardsData.senate.top;
export const SENATE_SPACES: { space: number; gain: Gain }[] = boardsData.senate.spaces.map((s) => ({ space: s.space, gain: gainOf(s.gain as RawGain) }));
export const SENATE_SHARED: { row: number; gain: Gain }[] = boardsData.senate.shared.map((s) => ({ row: s.row, gain: gainOf(s.gain as RawGain) }));
export const CONVERSIONS: { name: string; always: boolean; coins: number; gain: Gain }[] = boardsData.conversions.map((c) => ({
  name: c.name,
  always: (c as { always?: boolean }).always === true,
  coins: c.coins,
  gain: gainOf(c.gain as RawGain),
}));
export const GOVERNORS: { name: string; top: number; bottom: number }[] = boardsData.governors.map((g) => ({
  name: g.name,
  top: colourIndex(g.top),
  bottom: colourIndex(g.bottom),
}));
export const COIN_RATE = boardsData.coinResourceRate;
export const SHOP_COST = boardsData.shopCost;

/** Tier thresholds: the pips past the Shore Fee that reach tiers 1, 2 and 3 (1-2, 3-4, 5-6). */
export const TIER_BASE = [0, 1, 3, 5];
