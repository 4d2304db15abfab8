import { signal } from "@preact/signals";
import { parseRoute, type Route } from "./router";

const route = signal<Route>(parseRoute(location.pathname, location.hash));
addEventListener("hashchange", () => {
  route.value = parseRoute(location.pathname, location.hash);
});

export function App() {
  const r = route.value;
  return <main>{r.name}</main>;
}
