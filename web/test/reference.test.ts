import { beforeAll, describe, expect, it, vi } from "vitest";
import { ICON_NAMES } from "../src/content/icons";
import { decode } from "../src/protocol";
import {
  fillOptions,
  groups,
  loadReference,
  moveLine,
  parseTopicHash,
  searchTopics,
  topicById,
  topicForRule,
  topicHref,
  type Reference,
  wantReference,
} from "../src/rules/reference";
import { emptyTable, reduce } from "../src/state";
import { screenIds } from "../src/games/registry";
import { switchLanguage } from "../src/i18n/i18n";

/** Every game with screens: each has a rules reference. */
const GAMES = screenIds();
const ids = (ts: { id: string }[]) => ts.map((t) => t.id);

describe("the rules references", () => {
  it.each(GAMES)("%s has a how-to-play and uniquely named, linkable topics", async (game) => {
    const ref = await loadReference(game);
    expect(ref.game).toBe(game);
    expect(ref.howTo.goal).not.toBe("");
    expect(ref.howTo.turn.length).toBeGreaterThan(1);
    expect(new Set(ids(ref.topics)).size).toBe(ref.topics.length);
    for (const t of ref.topics) {
      expect(parseTopicHash(topicHref(t.id))).toBe(t.id);
      expect(topicById(ref, t.id)).toBe(t);
    }
    for (const g of ["Basics", "Scoring and the end", "Rules options"]) expect(ref.topics.some((t) => t.group === g)).toBe(true);
  });

  it.each(GAMES)("%s draws only icons that exist", async (game) => {
    const text = JSON.stringify(await loadReference(game));
    for (const [, name] of text.matchAll(/:([a-z]+):/g)) expect(ICON_NAMES).toContain(name);
  });

  it("gives The Great Harbor a quick reference with an icon for every resource", async () => {
    const ref = await loadReference("greatharbor");
    const q = topicById(ref, "quick-reference")!;
    const icons = q.body.flatMap((b) => (typeof b === "object" && "icons" in b ? b.icons : []));
    for (const r of ["sails", "rope", "planks", "metal", "coins", "prestige", "favor", "colonist", "smuggler", "luxury"]) expect(icons).toContain(r);
  });
});

describe("searchTopics", () => {
  let refs: Record<string, Reference> = {};
  const ref = (game: string): Reference => {
    const r = refs[game];
    if (!r) throw new Error(`${game} is not a game of the registry`);
    return r;
  };
  beforeAll(async () => {
    // Every game of the registry; the cases that name a game read it by name.
    refs = Object.fromEntries(await Promise.all(GAMES.map(async (game) => [game, await loadReference(game)] as const)));
  });

  it.each(GAMES)("%s: an empty query returns every topic, in order", (game) => {
    expect(searchTopics(ref(game), "  ")).toEqual(ref(game).topics);
  });

  it("puts a title match first", () => {
    expect(searchTopics(ref("holdings"), "rent")[0]!.id).toBe("rent");
    expect(searchTopics(ref("harborfall"), "Robber")[0]!.id).toBe("robber");
  });

  it("finds keywords, rule ids and body words, and needs every word", () => {
    expect(ids(searchTopics(ref("holdings"), "auction"))).toContain("buying");
    expect(searchTopics(ref("holdings"), "HH-25")[0]!.id).toBe("improving");
    expect(ids(searchTopics(ref("greatharbor"), "shore fee"))).toContain("shore-fees");
    expect(searchTopics(ref("holdings"), "rent zeppelin")).toEqual([]);
  });

  it("ignores accents and case, and reads icons as their names", () => {
    expect(ids(searchTopics(ref("neko"), "PLENEAU"))).toContain("attractions");
    expect(ids(searchTopics(ref("greatharbor"), "sails"))).toContain("quick-reference");
  });

  it("keeps groups in their first order", () => {
    expect(groups(ref("holdings").topics).map((g) => g.name)).toEqual(["Basics", "Spaces", "Actions", "Scoring and the end", "Rules options"]);
  });

  it("links a refusal's rule id to its topic", () => {
    expect(topicForRule(ref("holdings"), "HH-25")!.id).toBe("improving");
    expect(topicForRule(ref("harborfall"), "HF-47")!.id).toBe("building");
    expect(topicForRule(ref("greatharbor"), "GH-228")!.id).toBe("buildings");
    expect(topicForRule(ref("neko"), "NK-130")!.id).toBe("ghost-ship");
    expect(topicForRule(ref("holdings"), "HH-999")).toBeUndefined();
  });

  it("says what a move does by its type", () => {
    expect(moveLine(ref("holdings"), "buy")).toMatch(/price/);
    expect(moveLine(ref("holdings"), "no-such-move")).toBe("");
    expect(moveLine(undefined, "buy")).toBe("");
  });
});

describe("topic links", () => {
  it("are #rules/<topic>, and only those open the reference", () => {
    expect(topicHref("rent")).toBe("#rules/rent");
    expect(topicHref()).toBe("#rules/");
    expect(parseTopicHash("#rules/rent")).toBe("rent");
    expect(parseTopicHash("#rules/")).toBe("");
    expect(parseTopicHash("#rules")).toBe("");
    expect(parseTopicHash("#/t/abc")).toBeNull();
    expect(parseTopicHash("")).toBeNull();
    expect(parseTopicHash(topicHref("a b"))).toBe("a b");
  });
});

describe("hints on the wire", () => {
  it("keeps the hint with its version and adds the note to the log", () => {
    let s = emptyTable();
    s = reduce(s, decode('{"t":"hint","v":4,"d":{"move":{"type":"buy","space":3},"reason":{"id":"holdings.hint.roll"}}}')!);
    expect(s.hint).toEqual({ move: { type: "buy", space: 3 }, reason: { id: "holdings.hint.roll" }, version: 4 });
    s = reduce(s, decode('{"t":"note","v":4,"d":{"type":"hint","seat":1,"text":"Bo asked what the computer would do"}}')!);
    expect(s.log.at(-1)!.text).toBe("Bo asked what the computer would do");
    expect(s.logVersions.at(-1)).toBe(4);
  });

  it("drops a hint without a move", () => {
    expect(decode('{"t":"hint","v":1,"d":{"reason":"x"}}')).toBeNull();
  });

  it("stops waiting for a hint the server refused", () => {
    let s = { ...emptyTable(), hintPending: true };
    s = reduce(s, decode('{"t":"error","v":1,"d":{"code":"forbidden","message":"the host has turned hints off at this table"}}')!);
    expect(s.hintPending).toBe(false);
    expect(s.notice?.text).toMatch(/hints off/);
  });
});

describe("rules help that follows the table", () => {
  it("fills an option mark with the table's value, else its default", () => {
    expect(fillOptions("stops after round {roundLimit|20}.", { roundLimit: 2 })).toBe("stops after round 2.");
    expect(fillOptions("stops after round {roundLimit|20}.", {})).toBe("stops after round 20.");
    expect(fillOptions("stops after round {roundLimit|20}.", undefined)).toBe("stops after round 20.");
    expect(fillOptions("{roundLimit|20}", { roundLimit: { x: 1 } })).toBe("20");
    expect(fillOptions("a {plain} brace", { plain: 3 })).toBe("a {plain} brace");
  });

  it("tells a two-round Harbor Holdings table that play stops after round 2", async () => {
    const ref = await loadReference("holdings");
    const end = fillOptions(ref.howTo.end, { roundLimit: 2 });
    expect(end).toContain("after round 2 ");
    expect(end).not.toContain("20");
    const topic = topicById(ref, "end")!;
    expect(topic.body.map((b) => fillOptions(JSON.stringify(b), { roundLimit: 2 })).join(" ")).toContain("round 2,");
  });

  it.each(GAMES)("%s's search example names words its rules help finds", async (game) => {
    const ref = await loadReference(game);
    const words = ref.searchHint.split(",").map((w) => w.trim());
    expect(words.length).toBeGreaterThan(1);
    for (const w of words) expect(searchTopics(ref, w).length, `"${w}" finds no topic of ${game}`).toBeGreaterThan(0);
  });
});

/** The languages the rules help is translated into, besides English. */
const TRANSLATED = ["de", "es"] as const;
const EACH = GAMES.flatMap((game) => TRANSLATED.map((l) => [game, l] as const));

/** What a translation keeps as it is: option marks ({roundLimit|20}), icons (:rope:, ×2) and topic links (#rules/rent). */
const MARKS = /\{[A-Za-z]+\|[^{}|]*\}|:[a-z]+:|×\d+|#rules\/[\w-]*/g;
const marks = (s: string) => (s.match(MARKS) ?? []).sort();
/** Fields that are code, not words: the same in every language. */
const CODE = new Set(["game", "id", "rules", "icons", "legend"]);
/** Strings a translation may leave as in English: names (the games' own, and names that read the same), and the lobby's option keys. */
const SAME: Record<(typeof TRANSLATED)[number], Set<string>> = {
  de: new Set(["Harbor Holdings", "Harborfall", "The Great Harbor", "Neko Harbour", "Forum", "Person"]),
  es: new Set(["Harbor Holdings", "Harborfall", "The Great Harbor", "Neko Harbour", "Favor", "favor", "color", "automa", "robot", "hotel", "laurel"]),
};
const OPTION_KEY = /^[a-z]+[A-Z][A-Za-z]*$/;

/** differences lists where translation t departs from English en in shape, code, marks, or leaves words untranslated. */
function differences(en: unknown, t: unknown, same: Set<string>, path = "", code = false): string[] {
  if (typeof en !== typeof t || Array.isArray(en) !== Array.isArray(t)) return [`${path}: ${JSON.stringify(t)} is not shaped like ${JSON.stringify(en)}`];
  if (code) return JSON.stringify(en) === JSON.stringify(t) ? [] : [`${path}: code ${JSON.stringify(t)} differs from ${JSON.stringify(en)}`];
  if (Array.isArray(en)) {
    const tl = t as unknown[];
    if (en.length !== tl.length) return [`${path}: ${tl.length} items, English has ${en.length}`];
    return en.flatMap((x, i) => differences(x, tl[i], same, `${path}[${i}]`));
  }
  if (en && typeof en === "object") {
    const eo = en as Record<string, unknown>;
    const to = t as Record<string, unknown>;
    const keys = Object.keys(eo).sort();
    if (JSON.stringify(keys) !== JSON.stringify(Object.keys(to).sort())) return [`${path}: keys ${Object.keys(to)} instead of ${keys}`];
    return keys.flatMap((k) => differences(eo[k], to[k], same, `${path}.${k}`, CODE.has(k)));
  }
  if (typeof en !== "string") return en === t ? [] : [`${path}: ${JSON.stringify(t)} instead of ${JSON.stringify(en)}`];
  const ts = t as string;
  const out: string[] = [];
  if (JSON.stringify(marks(en)) !== JSON.stringify(marks(ts))) out.push(`${path}: marks ${marks(ts)} instead of ${marks(en)}`);
  const words = /\p{L}{2}/u.test(en.replace(MARKS, ""));
  if (ts === en && words && !same.has(en) && !OPTION_KEY.test(en)) out.push(`${path}: left in English: ${JSON.stringify(en)}`);
  return out;
}

describe("the rules help in German and Spanish", () => {
  it.each(EACH)("%s in %s has the English file's shape, codes and marks, every text translated", async (game, l) => {
    const [en, t] = await Promise.all([loadReference(game), loadReference(game, l)]);
    expect(differences(en, t, SAME[l])).toEqual([]);
  });

  it("sees a dropped mark, a changed topic id, a missing item and an untranslated sentence", () => {
    const en = { game: "x", topics: [{ id: "end", title: "The end", body: ["after round {roundLimit|20}", ":rope: ×2"] }] };
    const t = { game: "x", topics: [{ id: "ende", title: "The end", body: ["nach Runde 20"] }] };
    expect(differences(en, t, new Set())).toEqual([
      ".topics[0].body: 1 items, English has 2",
      '.topics[0].id: code "ende" differs from "end"',
      '.topics[0].title: left in English: "The end"',
    ]);
    const t2 = { game: "x", topics: [{ id: "end", title: "Das Ende", body: ["nach Runde 20", ":rope: ×3"] }] };
    expect(differences(en, t2, new Set())).toEqual([
      ".topics[0].body[0]: marks  instead of {roundLimit|20}",
      ".topics[0].body[1]: marks :rope:,×3 instead of :rope:,×2",
    ]);
  });

  it.each(EACH)("%s in %s: the search example names words its rules help finds", async (game, l) => {
    const ref = await loadReference(game, l);
    const words = ref.searchHint.split(",").map((w) => w.trim());
    expect(words.length).toBeGreaterThan(1);
    for (const w of words) expect(searchTopics(ref, w).length, `"${w}" finds no topic of ${game} in ${l}`).toBeGreaterThan(0);
  });

  it("tells a two-round table in German and Spanish that play stops after round 2", async () => {
    expect(fillOptions((await loadReference("holdings", "de")).howTo.end, { roundLimit: 2 })).toContain("nach Runde 2,");
    expect(fillOptions((await loadReference("holdings", "es")).howTo.end, { roundLimit: 2 })).toContain("tras la ronda 2 y");
  });

  it("loads the help of the page's language, and the other file when the language changes", async () => {
    try {
      const want = async (l: "de" | "es" | "en") => {
        const file = await loadReference("holdings", l);
        await vi.waitFor(() => expect(wantReference("holdings")).toEqual(file));
        return wantReference("holdings")!;
      };
      await switchLanguage("de");
      expect((await want("de")).howTo.goal).toMatch(/Hafenstadt/);
      await switchLanguage("es");
      expect((await want("es")).howTo.goal).toMatch(/ciudad portuaria/);
      // The pseudo language reads the English.
      await switchLanguage("pseudo");
      expect((await want("en")).howTo.goal).toMatch(/harbor town/);
      expect(moveLine(wantReference("holdings"), "buy")).toMatch(/price/);
    } finally {
      await switchLanguage("en");
    }
  });
});
