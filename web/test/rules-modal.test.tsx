// @vitest-environment happy-dom
// The rules reference is a real modal: a native dialog shown with showModal
// (the page behind it out of reach), named by its heading, Tab going round
// its own controls, Escape closing it, and the focus going back to the link
// that opened it.

import { render } from "preact";
import { act } from "preact/test-utils";
import { expect, it, vi } from "vitest";
import { freshRoot } from "./root";
import { HowTo, openTopic } from "../src/components/Rules";
import { wantReference } from "../src/rules/reference";

let root: HTMLElement;
freshRoot((el) => {
  root = el;
});

const dialog = () => document.querySelector<HTMLDialogElement>("dialog.reference-backdrop");
const key = (el: Element | null, k: string, shiftKey = false) =>
  act(() => {
    el!.dispatchEvent(new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true, cancelable: true }));
  });

it("opens the reference as a modal dialog that keeps the focus and gives it back on Escape", async () => {
  // Load the reference first, so the dialog shows its controls from the start.
  wantReference("holdings");
  await vi.waitFor(() => expect(wantReference("holdings")).toBeDefined());
  const modal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
  await act(() => render(<HowTo game="holdings" />, root));
  expect(dialog()).toBeNull();
  const link = root.querySelector<HTMLAnchorElement>('[data-testid="open-rules"]')!;
  link.focus();
  await act(() => {
    location.hash = "#rules";
    dispatchEvent(new HashChangeEvent("hashchange"));
  });
  const d = dialog()!;
  expect(d.tagName).toBe("DIALOG");
  expect(d.open).toBe(true);
  // showModal, not show: the browser makes everything else inert.
  expect(modal.mock.contexts).toEqual([d]);
  modal.mockRestore();
  expect(document.getElementById(d.getAttribute("aria-labelledby")!)?.textContent).toMatch(/rules$/);
  expect(d.contains(document.activeElement)).toBe(true);

  // Tab from the last control goes round to the first, and Shift+Tab back again.
  const stops = [...d.querySelectorAll<HTMLElement>("a[href], button, input")];
  expect(stops.length).toBeGreaterThan(2);
  const last = stops[stops.length - 1]!;
  last.focus();
  key(last, "Tab");
  expect(document.activeElement).toBe(stops[0]);
  key(stops[0]!, "Tab", true);
  expect(document.activeElement).toBe(last);

  key(document.activeElement, "Escape");
  expect(openTopic.value).toBeNull();
  expect(dialog()).toBeNull();
  expect(document.activeElement).toBe(link);
});
