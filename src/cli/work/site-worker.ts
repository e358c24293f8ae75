/** A worker thread of `linkstream rewrite --jobs N` over a site: one entry per task. */
import {runSiteTask} from './site-task.js';

export default runSiteTask;
