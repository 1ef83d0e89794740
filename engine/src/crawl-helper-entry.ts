// Entry of the engine's crawl helper (`crawl-helper.js`, forked by the engine beside engine.js).
import { runCrawlHelper } from './crawl-helper.js';

runCrawlHelper();
