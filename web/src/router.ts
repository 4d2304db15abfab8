// Routes. Links use the hash (/#/t/<id>), so every screen survives a reload on
// any static file server; the plain paths /t/<id>, /join/<code> and /tv/<code>
// are understood too, in case the server hands out such links.

export type Route =
  | { name: "home" }
  | { name: "table"; id: string }
  | { name: "join"; code: string }
  | { name: "tv"; code: string };

export function parseRoute(pathname: string, hash: string): Route {
  const fromHash = hash.replace(/^#/, "");
  const path = fromHash.startsWith("/") ? fromHash : pathname;
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const [head, arg] = parts;
  if (arg) {
    switch (head) {
      case "t":
      case "table":
        return { name: "table", id: arg };
      case "j":
      case "join":
        return { name: "join", code: arg };
      case "tv":
        return { name: "tv", code: arg };
    }
  }
  return { name: "home" };
}

export function href(r: Route): string {
  switch (r.name) {
    case "home":
      return "#/";
    case "table":
      return `#/t/${encodeURIComponent(r.id)}`;
    case "join":
      return `#/join/${encodeURIComponent(r.code)}`;
    case "tv":
      return `#/tv/${encodeURIComponent(r.code)}`;
  }
}

/** absolute turns a route into a full link for sharing (invite, TV). */
export function absolute(r: Route, origin: string): string {
  return `${origin}/${href(r)}`;
}
