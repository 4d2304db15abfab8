// What a screen reader finds on a drawn board: the names of the elements of a
// role, leaving out what aria-hidden hides and what sits inside an image (an
// image's content is not read apart from its name).

/** named lists the accessible names (aria-label) of the elements under root with the given role that a screen reader reaches. */
export function named(root: Element, role: string): string[] {
  return [...root.querySelectorAll(`[role="${role}"]`)]
    .filter((el) => !el.closest('[aria-hidden="true"]') && !el.parentElement?.closest('[role="img"]'))
    .map((el) => el.getAttribute("aria-label") ?? "");
}
