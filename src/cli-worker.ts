// A worker thread of batch mode (--jobs N, src/cli/parallel.ts): it parses the same arguments with the same program, then
// answers the main thread's chunks. Built next to cli.js, where src/cli.ts looks for it (tsc, and scripts/bundle.mjs WORKERS).
import { workerData } from "node:worker_threads";
import type { WorkerData } from "./cli/batch-types.js";
import { main } from "./cli/main.js";
import { serveBatch } from "./cli/parallel.js";

const data = workerData as WorkerData;
// a rejection is the worker's uncaught error: the main thread's Worker reports it ('error'); a
// usage error (none: the main thread parsed the same arguments) ends the worker, which the main
// thread reports with the last line the worker wrote on stderr
void main(data.argv, "", data.home, { serve: serveBatch, colours: data.colours });
