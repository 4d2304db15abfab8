// A game's rules help in Harbor's own words: "how to play", a reference
// organized by topic, and a line per move type saying what a move does. The
// content of each game is a JSON file (content/<game>/reference.json) loaded
// on demand; games/all's Go test reads the same files to check that every
// rule id an engine refuses with has a topic.

import { signal } from "@preact/signals";

/** A block of a topic's body: a paragraph, a list, a table, a row of icons, or the game's icon legend (components/IconLegend). */
export type Block = string | { list: string[] } | { table: string[][] } | { icons: string[] } | { legend: true };

export interface Topic {
  id: string;
  title: string;
  group: string;
  /** the engine's rule ids (clause ids of the rules notes) this topic explains */
  rules?: string[];
  keywords?: string[];
  body: Block[];
}

export interface Reference {
  game: string;
  name: string;
  /** a few words the search finds, offered as its example */
  searchHint: string;
  howTo: { goal: string; turn: string[]; end: string };
  /** what a move of each type does, keyed by the move's type */
  moves: Record<string, string>;
  topics: Topic[];
}

const files = import.meta.glob<Reference>("../content/*/reference.json", { import: "default" });

/** hasReference says whether game has rules help. */
export const hasReference = (game: string) => `../content/${game}/reference.json` in files;

/** loadReference fetches a game's reference (one chunk per game). */
export async function loadReference(game: string): Promise<Reference> {
  const load = files[`../content/${game}/reference.json`];
  if (!load) throw new Error(`no rules reference for ${game}`);
  return load();
}

/** The references loaded so far, by game; screens read it and ask for more with wantReference. */
export const references = signal<Record<string, Reference>>({});
const asked = new Set<string>();

/** wantReference starts loading game's reference once and returns it when it is there. */
export function wantReference(game: string): Reference | undefined {
  const have = references.value[game];
  if (have || asked.has(game) || !hasReference(game)) return have;
  asked.add(game);
  loadReference(game).then(
    (r) => (references.value = { ...references.value, [game]: r }),
    () => asked.delete(game),
  );
  return undefined;
}

/** plainText is a block's words, for searching. */
function plainText(b: Block): string {
  if (typeof b === "string") return b;
  if ("list" in b) return b.list.join(" ");
  if ("table" in b) return b.table.map((r) => r.join(" ")).join(" ");
  if ("legend" in b) return "";
  return b.icons.join(" ");
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/:([a-z]+):/g, "$1");

/**
 * searchTopics returns the topics matching every word of query, best first:
 * a word in the title counts most, then a keyword or rule id, then the body.
 * An empty query returns every topic in order.
 */
export function searchTopics(ref: Reference, query: string): Topic[] {
  const words = fold(query)
    .split(/[^a-z0-9&-]+/)
    .filter(Boolean);
  if (words.length === 0) return ref.topics;
  const scored: { t: Topic; score: number; i: number }[] = [];
  ref.topics.forEach((t, i) => {
    const title = fold(t.title);
    const keys = fold([...(t.keywords ?? []), ...(t.rules ?? []), t.group].join(" "));
    const body = fold(t.body.map(plainText).join(" "));
    let score = 0;
    for (const w of words) {
      const s = title.includes(w) ? 4 : keys.includes(w) ? 2 : body.includes(w) ? 1 : 0;
      if (s === 0) return;
      score += s;
    }
    scored.push({ t, score, i });
  });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).map((x) => x.t);
}

/** Options are a table's rules options, by key (a lobby's options). */
export type Options = Record<string, unknown>;

/**
 * fillOptions puts a table's option values into a text of the reference:
 * a mark {key|default} becomes the table's value of the option key, or the
 * default where the table has none (the home page, a table without it).
 */
export function fillOptions(text: string, options: Options | undefined): string {
  return text.replace(/\{([A-Za-z]+)\|([^{}|]*)\}/g, (_, key: string, fallback: string) => {
    const v = options?.[key];
    return typeof v === "number" || (typeof v === "string" && v !== "") ? String(v) : fallback;
  });
}

/** topicForRule returns the topic that explains an engine's rule id. */
export function topicForRule(ref: Reference, rule: string): Topic | undefined {
  return ref.topics.find((t) => t.rules?.includes(rule));
}

/** topicById returns a topic of ref by its id. */
export const topicById = (ref: Reference, id: string) => ref.topics.find((t) => t.id === id);

const HASH = "#rules/";

/** topicHref is the link that opens a topic of the page's game: "#rules/<topic>"; "#rules/" opens the reference at its start. */
export const topicHref = (topic = "") => `${HASH}${encodeURIComponent(topic)}`;

/** parseTopicHash reads a topic link: null when hash is not one, "" for the reference's start. */
export function parseTopicHash(hash: string): string | null {
  if (hash === "#rules") return "";
  if (!hash.startsWith(HASH)) return null;
  return decodeURIComponent(hash.slice(HASH.length));
}

/** moveLine says what a move will do, from its type; "" when the reference has no line for it. */
export function moveLine(ref: Reference | undefined, type: string): string {
  return ref?.moves[type] ?? "";
}

/** groups returns the topic groups in their first order of appearance. */
export function groups(topics: Topic[]): { name: string; topics: Topic[] }[] {
  const out: { name: string; topics: Topic[] }[] = [];
  for (const t of topics) {
    let g = out.find((x) => x.name === t.group);
    if (!g) out.push((g = { name: t.group, topics: [] }));
    g.topics.push(t);
  }
  return out;
}
