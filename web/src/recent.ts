// The tables this browser sat at, remembered in localStorage so the home
// page can offer them again. Only ids are kept; the server says the rest.

const KEY = "harbor.tables";
const KEEP = 12;

/** recentTables lists the remembered table ids, the latest first. */
export function recentTables(): string[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === "string").slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

/** rememberTable puts id first in the list. */
export function rememberTable(id: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify([id, ...recentTables().filter((x) => x !== id)].slice(0, KEEP)));
  } catch {
    /* private mode: nothing is remembered */
  }
}

/** forgetTable drops id (a table that is gone or closed to this browser). */
export function forgetTable(id: string): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(recentTables().filter((x) => x !== id)));
  } catch {
    /* nothing to forget */
  }
}
