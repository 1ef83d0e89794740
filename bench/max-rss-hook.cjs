// Loaded with `node --require` by config-bench.mjs: writes the process's peak RSS to stderr when it
// exits (process.resourceUsage: kilobytes), however it exits.
process.on('exit', () => process.stderr.write(`max-rss-kb=${process.resourceUsage().maxRSS}\n`));
