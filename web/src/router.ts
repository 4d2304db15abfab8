// Routes, as the server serves them (every one answers index.html):
// /, /t/<table id>, /join/<invite>, /tv/<tv code>, /notices, /link/<code>, the replays
// /t/<table id>/replay and /tv/<tv code>/replay (?at=N), and /replay (a game file). Links made with the hash
// (/#/t/<id>) are understood too.

import { signal } from "@preact/signals";

export type Route =
  | { name: "home" }
  | { name: "table"; id: string }
  | { name: "join"; invite: string }
  | { name: "tv"; code: string }
  | { name: "replay"; id: string }
  | { name: "tvReplay"; code: string }
  | { name: "replayFile" }
  | { name: "tvEntry" }
  | { name: "notices" }
  | { name: "link"; code: string };

export function parseRoute(pathname: string, hash: string): Route {
  const fromHash = hash.replace(/^#/, "");
  const path = fromHash.startsWith("/") && fromHash.length > 1 ? fromHash : pathname;
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const [head, arg, sub] = parts;
  if (head === "replay" && !arg) return { name: "replayFile" };
  if (arg && sub === "replay") {
    if (head === "t") return { name: "replay", id: arg };
    if (head === "tv") return { name: "tvReplay", code: arg };
  }
  if (arg) {
    switch (head) {
      case "t":
        return { name: "table", id: arg };
      case "join":
        return { name: "join", invite: arg };
      case "tv":
        return { name: "tv", code: arg };
      case "link":
        return { name: "link", code: arg };
    }
  }
  if (head === "tv") return { name: "tvEntry" };
  if (head === "notices") return { name: "notices" };
  return { name: "home" };
}

export function href(r: Route): string {
  switch (r.name) {
    case "home":
      return "/";
    case "table":
      return `/t/${encodeURIComponent(r.id)}`;
    case "join":
      return `/join/${encodeURIComponent(r.invite)}`;
    case "tv":
      return `/tv/${encodeURIComponent(r.code)}`;
    case "replay":
      return `/t/${encodeURIComponent(r.id)}/replay`;
    case "tvReplay":
      return `/tv/${encodeURIComponent(r.code)}/replay`;
    case "replayFile":
      return "/replay";
    case "tvEntry":
      return "/tv";
    case "notices":
      return "/notices";
    case "link":
      return `/link/${encodeURIComponent(r.code)}`;
  }
}

/** isTvRoute says whether a route is one of the TV's screens, which have the TV's dark look. */
export function isTvRoute(r: Route): boolean {
  return r.name === "tv" || r.name === "tvEntry" || r.name === "tvReplay";
}

/** absolute turns a route into a full link for sharing (invite, TV). */
export function absolute(r: Route, origin: string): string {
  return `${origin}${href(r)}`;
}

export const route = signal<Route>(parseRoute(globalThis.location?.pathname ?? "/", globalThis.location?.hash ?? ""));

/** go navigates within the page to path. */
export function go(path: string): void {
  history.pushState(null, "", path);
  route.value = parseRoute(location.pathname, "");
  window.scrollTo(0, 0);
}

globalThis.addEventListener?.("popstate", () => {
  route.value = parseRoute(location.pathname, location.hash);
});
