// Harbor writes American English: every text the front end shows (string
// literals and JSX text of src, the English catalog src/i18n/en.json, the rules help in content/*/reference.json,
// index.html and the app manifest) spells "color", "neighbor", "center",
// "harbor" and the like. The exceptions are names: Neko Harbour, and that
// game's own components as its rulebook names them (its harbour and its
// Licence cards), plus a few values of the wire format that are not text.

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { searchTopics } from "../src/rules/reference";

const web = fileURLToPath(new URL("..", import.meta.url));

/** British spellings Harbor's texts do not use (a word containing one is reported whole). */
const british =
  /\b\w*?(colour|neighbour|centre|catalogue|cancell(ed|ing)|organis(e|ed|es|ing|ation)|behaviour|favour|grey|harbour|licence|labell(ed|ing)\b|summaris|maximis|analys(e|ed|ing)\b)\w*/gi;

/** Neko Harbour's components as its rulebook names them, alone or in its move and effect keys ("buylicence"): Neko files only. */
const nekoNames = /^\w*(harbour|licence)\w*$/i;

/** Literals that are wire values or element ids, not text: the "colour" alias of a seat's color, a trade's "cancelled" state, the lobby heading's id. */
const notText = new Set(["colour", "cancelled", "colour-h"]);

/** britishWords lists the British spellings in text, leaving out the name Neko Harbour and, in a Neko file, its components' names. */
function britishWords(text: string, neko: boolean): string[] {
  const words = text.replace(/Neko\s+Harbour/g, "").match(british) ?? [];
  return words.filter((w) => !(neko && nekoNames.test(w)));
}

function files(dir: string, ext: RegExp, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) files(p, ext, out);
    else if (ext.test(e.name)) out.push(p);
  }
  return out;
}

const isNeko = (file: string) => /[/\\]neko[/\\]/.test(file);

/** sourceTexts returns the strings of a TS/TSX file that can reach a screen: literals, template parts and JSX text. */
function sourceTexts(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateLiteralToken(n) || ts.isJsxText(n)) {
      if (!notText.has(n.text)) out.push(n.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** jsonTexts returns every string of a reference but topic ids and search keywords (which keep British spellings so a search for them still finds the topic). */
function jsonTexts(value: unknown, key = ""): string[] {
  if (typeof value === "string") return key === "id" ? [] : [value];
  if (Array.isArray(value)) return key === "keywords" ? [] : value.flatMap((v) => jsonTexts(v));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => jsonTexts(v, k));
  return [];
}

function found(file: string, texts: string[]): string[] {
  return texts.flatMap((t) => britishWords(t, isNeko(file)).map((w) => `${relative(web, file)}: ${w} in ${JSON.stringify(t.slice(0, 80))}`));
}

describe("American spelling", () => {
  it("finds British spellings, and lets Neko Harbour's names be", () => {
    expect(britishWords("the die's colour, a neighbouring tile, the centre", false)).toEqual(["colour", "neighbouring", "centre"]);
    expect(britishWords("Neko Harbour: upgrade the harbour with a Licence", true)).toEqual([]);
    expect(britishWords("Neko Harbour: upgrade the harbour with a Licence", false)).toEqual(["harbour", "Licence"]);
    expect(britishWords('aria-labelledby="x", a labelled chip', false)).toEqual(["labelled"]);
  });

  it("is the spelling of every text of the screens", () => {
    const bad = files(join(web, "src"), /\.tsx?$/).flatMap((f) => found(f, sourceTexts(f)));
    expect(bad).toEqual([]);
  }, 30_000); // parses every source file

  it("is the spelling of the rules help", () => {
    const bad = files(join(web, "src", "content"), /^reference\.json$/).flatMap((f) => found(f, jsonTexts(JSON.parse(readFileSync(f, "utf8")))));
    expect(bad).toEqual([]);
  });

  it("is the spelling of the English catalog", () => {
    const file = join(web, "src", "i18n", "en.json");
    expect(found(file, Object.values(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>))).toEqual([]);
  });

  it("still finds a topic by the British spelling of its words", () => {
    const ref = JSON.parse(readFileSync(join(web, "src", "content", "greatharbor", "reference.json"), "utf8"));
    expect(searchTopics(ref, "colours senate").map((t) => t.id)).toContain("senate");
    expect(searchTopics(ref, "neighbouring").map((t) => t.id)).toEqual(searchTopics(ref, "neighboring").map((t) => t.id));
  });

  it("is the spelling of the page and the app manifest", () => {
    const bad = [join(web, "index.html"), ...files(join(web, "public"), /\.(webmanifest|json|html)$/)].flatMap((f) => found(f, [readFileSync(f, "utf8")]));
    expect(bad).toEqual([]);
  });
});
