// The app's root: the screen for the current route (router.ts). The TV, the
// replays and the notices pages are chunks of their own, so a phone's first
// page carries none of them. The TV's dark look (the tv-root class) follows
// the address and is set before painting, never by a screen's mount, because
// one lazy TV screen may unmount after the next one mounts (a code typed at
// /tv on a cold load).

import { lazy, Suspense } from "preact/compat";
import { useLayoutEffect } from "preact/hooks";
import { t } from "./i18n/i18n";
import { go, isTvRoute, route } from "./router";
import { Home } from "./screens/Home";
import { Join } from "./screens/Join";
import { Table } from "./screens/Table";

// The TV screen is its own chunk: phones never download it.
const Tv = lazy(() => import("./screens/Tv").then((m) => m.Tv));
// So are the replays.
const Replay = lazy(() => import("./screens/Replay").then((m) => m.Replay));
const TvEntry = lazy(() => import("./screens/Tv").then((m) => m.TvEntry));
// And the notices and device links.
const Notices = lazy(() => import("./notices/Notices").then((m) => m.Notices));
const LinkThis = lazy(() => import("./notices/LinkDevices").then((m) => m.LinkThis));

export function App() {
  const r = route.value;
  // The TV's look follows the address, set before the screen is painted: a
  // TV screen's own mount and unmount may run in either order when one lazy
  // TV screen follows another (the code typed at /tv), so neither owns it.
  const tv = isTvRoute(r);
  useLayoutEffect(() => void document.documentElement.classList.toggle("tv-root", tv), [tv]);
  switch (r.name) {
    case "home":
      return <Home go={go} />;
    case "join":
      return <Join invite={r.invite} go={go} />;
    case "table":
      return <Table key={r.id} id={r.id} />;
    case "tv":
      return (
        <Suspense fallback={<p class="page">{t("loading.tv")}</p>}>
          <Tv key={r.code} code={r.code} />
        </Suspense>
      );
    case "replay":
    case "tvReplay":
    case "replayFile":
      return (
        <Suspense fallback={<p class="page">{t("loading.replay")}</p>}>
          <Replay key={JSON.stringify(r)} route={r} />
        </Suspense>
      );
    case "notices":
      return (
        <Suspense fallback={<p class="page">{t("loading.page")}</p>}>
          <Notices go={go} />
        </Suspense>
      );
    case "link":
      return (
        <Suspense fallback={<p class="page">{t("loading.page")}</p>}>
          <LinkThis code={r.code} go={go} />
        </Suspense>
      );
    case "tvEntry":
      return (
        <Suspense fallback={<p class="page">{t("loading.tv")}</p>}>
          <TvEntry go={go} />
        </Suspense>
      );
  }
}
