// A worker thread of the uri-grammar command's batch mode (--jobs N, src/cli/parallel.ts): it
// parses the same arguments with the same program as the main thread, so it runs the same
// command with the same options, and then turns the chunks of lines the main thread sends into
// their records. Built next to cli.js, where src/cli.ts looks for it: dist/cli-worker.js by tsc,
// dist/bundle/cli-worker.js by scripts/bundle.mjs (an entry of its own: WORKERS there).
import { workerData } from "node:worker_threads";
import type { WorkerData } from "./cli/batch.js";
import { main } from "./cli/main.js";
import { serveBatch } from "./cli/parallel.js";

const data = workerData as WorkerData;
// a rejection is the worker's uncaught error: the main thread's Worker reports it ('error'); a
// usage error (none: the main thread parsed the same arguments) ends the worker, which the main
// thread reports with the last line the worker wrote on stderr
void main(data.argv, "", data.home, { serve: serveBatch, colours: data.colours });
