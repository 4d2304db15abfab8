// The page's entry point: draws App into #app, loads the shared styles and
// registers the service worker (notices/client.ts).

import { render } from "preact";
import { App } from "./App";
import { registerWorker } from "./notices/client";
import "./styles.css";

render(<App />, document.getElementById("app")!);
registerWorker();
