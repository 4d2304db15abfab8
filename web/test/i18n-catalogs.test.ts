// The catalogs: every message id the code uses is in every catalog, each
// language's message takes the same placeholders as the English one and
// parses as ICU MessageFormat; and the converted screens keep no text
// outside the catalogs (a scan of their literals and JSX text).

import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import de from "../src/i18n/de.json";
import en from "../src/i18n/en.json";
import es from "../src/i18n/es.json";

const web = fileURLToPath(new URL("..", import.meta.url));
const CATALOGS: Record<string, Record<string, string>> = { en, de, es };

function files(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (/\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** placeholders lists a message's arguments (with their kind: plain, number, plural, select…) and tags, through every branch. */
function placeholders(els: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of els) {
    switch (el.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        out.add(el.value);
        break;
      case TYPE.plural:
      case TYPE.select:
        out.add(`${el.value}:${el.type === TYPE.plural ? "plural" : "select"}`);
        for (const o of Object.values(el.options)) placeholders(o.value, out);
        break;
      case TYPE.tag:
        out.add(`<${el.value}>`);
        placeholders(el.children, out);
        break;
    }
  }
  return out;
}

/** The shared catalog's namespaces: the others are the games' ("holdings.…"), in catalogs of their own. */
const SHARED =
  /^(lang|loading|offline|error|time|home|join|lobby|level|color|options|pace|notices|push|devices|table|pile|rules|tv|presence|seats|replay|frame|chat|timeline|status|alerts|hint|format|announce|api)\./;

/** Go source files of the server and the engines, which name message ids in game.M("…") and game.Word("…"). */
function goFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory() && e.name !== "web" && e.name !== "node_modules" && !e.name.startsWith(".")) goFiles(p, out);
    else if (e.name.endsWith(".go") && !e.name.endsWith("_test.go")) out.push(p);
  }
  return out;
}

/**
 * The message ids the code names: the first argument of t() and tr(), every
 * "ns.id" literal of the shared catalog's form in the front end, and the
 * literal ids of game.M and game.Word in the Go code.
 */
function usedIds(): Set<string> {
  const ids = new Set<string>();
  for (const f of files(join(web, "src"))) {
    const text = readFileSync(f, "utf8");
    for (const m of text.matchAll(/\btr?\(\s*"([^"]+)"/g)) ids.add(m[1]!);
    for (const m of text.matchAll(
      /"((?:lang|loading|offline|error|time|home|join|lobby|level|color|options|pace|notices|push|devices|table|pile|rules|tv|presence|seats|replay|frame|chat|timeline|status|alerts|hint|format|announce|api)\.[a-zA-Z]+)"/g,
    ))
      ids.add(m[1]!);
  }
  for (const f of goFiles(join(web, ".."))) {
    const code = readFileSync(f, "utf8").replace(/^\s*\/\/.*$/gm, "");
    for (const m of code.matchAll(/\b(?:M|Word)\(\s*"([a-z]+\.[\w.]+)"/g)) ids.add(m[1]!);
  }
  return ids;
}

/** The games that keep catalogs of their own (web/src/games/<game>/i18n/), with each language's. */
const GAME_CATALOGS = readdirSync(join(web, "src", "games"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .filter((g) => existsSync(join(web, "src", "games", g, "i18n", "en.json")))
  .map((g) => ({
    game: g,
    cats: Object.fromEntries(
      ["en", "de", "es"].map((l) => {
        const p = join(web, "src", "games", g, "i18n", `${l}.json`);
        return [l, existsSync(p) ? (JSON.parse(readFileSync(p, "utf8")) as Record<string, string>) : {}];
      }),
    ),
  }));

/** samePlaceholders checks that cat has exactly en's ids, each an ICU message with en's placeholders. */
function samePlaceholders(en: Record<string, string>, cat: Record<string, string>) {
  const keys = Object.keys(en).sort();
  expect(Object.keys(cat).sort()).toEqual(keys);
  for (const id of keys) {
    const want = [...placeholders(parse(en[id]!))].sort();
    expect([id, [...placeholders(parse(cat[id]!))].sort()]).toEqual([id, want]);
  }
}

/** Every catalog file: the shared ones and each game's. */
const CATALOG_FILES = [
  ...["en", "de", "es"].map((l) => join(web, "src", "i18n", `${l}.json`)),
  ...GAME_CATALOGS.flatMap(({ game }) => ["en", "de", "es"].map((l) => join(web, "src", "games", game, "i18n", `${l}.json`))),
];

describe("catalogs", () => {
  it("name each id once (JSON keeps only the last of two, silently)", () => {
    const twice = CATALOG_FILES.flatMap((f) => {
      const ids = [...readFileSync(f, "utf8").matchAll(/^\s*"([^"]+)":/gm)].map((m) => m[1]!);
      return ids.filter((id, i) => ids.indexOf(id) !== i).map((id) => `${relative(web, f)}: ${id}`);
    });
    expect(twice).toEqual([]);
  });

  const keys = Object.keys(en).sort();

  it("hold every message id the code uses, and the shared catalog only those", () => {
    const used = usedIds();
    const games = Object.assign({}, ...GAME_CATALOGS.map((g) => g.cats.en)) as Record<string, string>;
    expect([...used].filter((id) => !(id in en) && !(id in games))).toEqual([]);
    expect(keys.filter((id) => !used.has(id))).toEqual([]);
    expect(keys.filter((id) => !SHARED.test(id))).toEqual([]);
  });

  for (const [l, cat] of Object.entries(CATALOGS)) {
    it(`${l}: has exactly English's ids, each an ICU message with English's placeholders`, () => {
      samePlaceholders(en, cat);
    });
  }

  for (const { game, cats } of GAME_CATALOGS) {
    it(`${game}: its catalogs have English's ids and placeholders in every language, all in the game's namespace`, () => {
      for (const l of ["de", "es"]) samePlaceholders(cats.en!, cats[l]!);
      expect(Object.keys(cats.en!).filter((id) => !id.startsWith(`${game}.`))).toEqual([]);
    });
  }

  it("sees a placeholder that a translation dropped or renamed", () => {
    expect([...placeholders(parse("{n, plural, one {# move} other {# moves}} at <b>{game}</b>"))].sort()).toEqual(["<b>", "game", "n:plural"]);
    expect(placeholders(parse("Warte auf {name}"))).not.toEqual(placeholders(parse("Waiting for {names}")));
  });
});

/** The screens and words modules whose people-facing text is all in the catalogs: these, and every file of a game that has catalogs. */
const CONVERTED = [
  "src/App.tsx",
  "src/home.ts",
  "src/lobby.ts",
  "src/deadline.ts",
  "src/screens/Home.tsx",
  "src/screens/Join.tsx",
  "src/screens/Lobby.tsx",
  "src/components/Offline.tsx",
  "src/components/Loading.tsx",
  "src/i18n/errors.ts",
  "src/i18n/LanguagePicker.tsx",
  "src/notices/Notices.tsx",
  "src/notices/LinkDevices.tsx",
  "src/notices/parts.tsx",
  "src/replay.ts",
  "src/seats.ts",
  "src/screens/Tv.tsx",
  "src/components/Presence.tsx",
  "src/components/Rules.tsx",
  "src/screens/Replay.tsx",
  "src/components/Chat.tsx",
  "src/components/ChatRoom.tsx",
  "src/components/Timeline.tsx",
  "src/components/PlayAgain.tsx",
  "src/components/SeatHandover.tsx",
  "src/components/TurnAlerts.tsx",
  "src/components/Status.tsx",
  "src/components/PlayedForYou.tsx",
  "src/components/Hint.tsx",
  "src/components/PlayFrame.tsx",
  "src/components/ZoomBoard.tsx",
  "src/components/Countdown.tsx",
  "src/components/CardDialog.tsx",
  "src/components/IconLegend.tsx",
  "src/components/LogPanel.tsx",
  "src/components/EarlierLog.tsx",
  "src/components/Announcer.tsx",
  "src/components/announce.ts",
  "src/components/AwayBanner.tsx",
  "src/components/RankingTable.tsx",
  "src/components/TvKey.tsx",
  "src/components/Summary.tsx",
  "src/components/TvFrame.tsx",
  "src/components/usePlay.ts",
  "src/screens/Table.tsx",
  "src/state.ts",
  "src/connection.ts",
  "src/api.ts",
  "src/notices/client.ts",
  "src/catalog.tsx",
  ...GAME_CATALOGS.flatMap(({ game }) => files(join(web, "src", "games", game)).map((f) => relative(web, f))),
];

/** Attributes whose values are never shown: classes, ids, types, test ids and the like. */
const NOT_SHOWN =
  /^(class|className|id|for|htmlFor|type|name|which|autocomplete|autocapitalize|inputMode|rel|target|href|src|role|key|value|lang|stroke|fill|d|viewBox|data-[\w-]+|aria-(describedby|labelledby|live|relevant|hidden|busy|checked|pressed))$/;

/** Names no language translates (Harbor, the UTC time zone, chat services). */
const KEPT = new Set(["Harbor", "← Harbor", "UTC", "Discord", "Slack", "Matrix (hookshot)"]);

/** looksShown: a text a person would read: a JSX text, or a literal with two words or a capital (a class list like "btn btn-small" is not). */
const looksShown = (s: string, jsx: boolean): boolean => {
  const text = s.replace(/&\w+;/g, " ").trim();
  if (!/\p{L}{2}/u.test(text) || KEPT.has(s.trim()) || KEPT.has(s) || s in en) return false;
  if (/^harbor\.\w+$/.test(text)) return false; // a key of this browser's storage
  if (!jsx && /^(?:[:.#[]|\((?:max|min)-|[a-z]+[[,])/.test(text)) return false; // a CSS selector or media query
  if (jsx) return true;
  if (/^[a-z0-9]+(-[a-z0-9]+)*( [a-z0-9]+(-[a-z0-9]+)*)*$/.test(text) && (!text.includes(" ") || text.includes("-"))) return false;
  return /\s/.test(text) || /\p{Lu}/u.test(text);
};

/** shownLiterals lists the texts of a source file that would reach a screen without going through the catalogs. */
function shownLiterals(file: string, source = readFileSync(file, "utf8")): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n) || ts.isLiteralTypeNode(n)) return;
    if (ts.isJsxAttribute(n) && NOT_SHOWN.test(n.name.getText(sf))) return;
    // A route's or state's name compared or switched on is code, not text, as is a feature asked for by name ("wakeLock" in navigator).
    if (ts.isCaseClause(n)) return n.statements.forEach(visit);
    if (ts.isBinaryExpression(n) && /^([!=]==?|in)$/.test(n.operatorToken.getText(sf))) return;
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    // A quoted key ("Content-Type": …) names a field; its value may be text.
    if (ts.isPropertyAssignment(n) && ts.isStringLiteral(n.name)) return visit(n.initializer);
    // An Error (not an ApiError) is for the programmer who reads the console.
    if (ts.isNewExpression(n) && n.expression.getText(sf) === "Error") return;
    if (
      ts.isCallExpression(n) &&
      /^(tr?|call|switchLanguage|chooseAndRemember|getElementById|addEventListener|removeEventListener|getItem|setItem|matchAll|Intl\.\w+)$/.test(
        n.expression.getText(sf),
      )
    ) {
      n.arguments.slice(1).forEach(visit);
      return;
    }
    if (ts.isJsxText(n) && looksShown(n.text, true)) out.push(n.text.trim());
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateLiteralToken(n)) && looksShown(n.text, false)) out.push(n.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out.map((s) => `${relative(web, file)}: ${JSON.stringify(s)}`);
}

describe("converted screens", () => {
  it("show no text outside the catalogs", () => {
    expect(CONVERTED.flatMap((f) => shownLiterals(join(web, f)))).toEqual([]);
  }, 30_000); // parses each converted file

  it("the scan finds text left in a screen", () => {
    const probe = `export const A = () => (
      <p class="hint row" aria-label="Seat one" data-testid="x">
        Waiting {t("lobby.seats")} {busy ? "Opening…" : \`Open a \${name} table\`}
      </p>
    );`;
    expect(shownLiterals(join(web, "src", "Probe.tsx"), probe)).toEqual([
      'src/Probe.tsx: "Seat one"',
      'src/Probe.tsx: "Waiting"',
      'src/Probe.tsx: "Opening…"',
      'src/Probe.tsx: "Open a "',
    ]);
    expect(looksShown("Open a table", false)).toBe(true);
    expect(looksShown("in the lobby", false)).toBe(true);
    expect(looksShown("btn-quiet btn-small", false)).toBe(false);
    expect(looksShown("harbor.lang", false)).toBe(false);
  });
});
