// The page's entry point: sets the language (i18n/i18n.ts: the person's
// choice, else the browser's), draws App into #app, loads the shared styles
// and registers the service worker (notices/client.ts).

import { render } from "preact";
import { App } from "./App";
import { startLanguage } from "./i18n/i18n";
import { registerWorker } from "./notices/client";
import "./styles.css";

// The page draws once its language's catalog is there, so no English flashes first.
void startLanguage().then(() => render(<App />, document.getElementById("app")!));
registerWorker();
