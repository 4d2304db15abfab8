// A fresh element for each component test to render into.

import { render } from "preact";
import { afterEach, beforeEach } from "vitest";

/** freshRoot hands each test of the file a new element in the document (to take), and empties and removes it after the test. */
export function freshRoot(take: (el: HTMLElement) => void): void {
  let el: HTMLElement;
  beforeEach(() => {
    el = document.createElement("div");
    document.body.appendChild(el);
    take(el);
  });
  afterEach(() => {
    render(null, el);
    el.remove();
  });
}
