// The in-page side of test/conformance/web-browser.ts (plain JavaScript, served as a
// module next to the linkstream/web bundle): fetch a case's bytes and answer it (run-case.js).
import * as web from '/web.js';
import {runCase} from '/run-case.js';

window.runCase = async job => runCase(web, new Uint8Array(await (await fetch(job.url)).arrayBuffer()), job);
window.ready = true;
