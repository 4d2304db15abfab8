import { render } from "preact";
import { App } from "./App";
import { registerWorker } from "./notices/client";
import "./styles.css";

render(<App />, document.getElementById("app")!);
registerWorker();
