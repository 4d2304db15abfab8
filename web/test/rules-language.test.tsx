// @vitest-environment happy-dom
// The rules help speaks the page's language: its panel and a move's line
// draw again in German or Spanish when the person changes the language.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it, vi } from "vitest";
import { HowTo, MoveLine } from "../src/components/Rules";
import { switchLanguage } from "../src/i18n/i18n";
import { freshRoot } from "./root";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});
afterEach(() => switchLanguage("en"));

it("redraws the rules panel and a move's line in the new language", async () => {
  await act(() =>
    render(
      <>
        <HowTo game="holdings" />
        <MoveLine game="holdings" type="buy" />
      </>,
      root,
    ),
  );
  const line = () => root.querySelector(".move-line")?.textContent ?? "";
  await vi.waitFor(() => expect(line()).toMatch(/printed price/));
  expect(root.querySelector("summary")!.textContent).toBe("How to play");

  await act(() => switchLanguage("de"));
  await vi.waitFor(() => expect(line()).toMatch(/aufgedruckten Preis/));
  expect(root.querySelector("summary")!.textContent).toBe("So wird gespielt");
  expect(root.querySelector('[data-testid="open-rules"]')!.textContent).toBe("Regelübersicht");

  await act(() => switchLanguage("es"));
  await vi.waitFor(() => expect(line()).toMatch(/precio impreso/));
  expect(root.querySelector("summary")!.textContent).toBe("Cómo se juega");
});
