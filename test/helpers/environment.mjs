// The test environment: jest's own Node environment, plus one thing for the worker processes of
// `npm test`. A worker ends when jest sends it "end": it drops its message listener and lets its
// event loop drain, and jest kills it if it has not exited 500 ms later ("A worker process has
// failed to exit gracefully and has been force exited"). No suite leaves a handle or a timer: the
// worker's 'exit' event fires within a millisecond of "end", with only jest's own pipes open. What
// took the time was Node's teardown after 'exit': V8 handing its heap back page by page (a worker
// that ran a few suites holds 250 to 700 MB; strace showed it still unmapping 256 KiB pages when
// jest killed it, 490 ms after 'exit', at a load of 12). process.exit() inside the 'exit' event
// ends the process at once with the same code (the exit event is not emitted twice), as jest's
// kill would, only cleanly. Loaded once per worker (Node caches this module); only in a jest
// worker child, never in the jest process itself.
import { TestEnvironment } from "jest-environment-node";

if (typeof process.send === "function" && process.env["JEST_WORKER_ID"] !== undefined) {
  process.once("exit", (code) => {
    process.exit(code);
  });
}

export default TestEnvironment;
