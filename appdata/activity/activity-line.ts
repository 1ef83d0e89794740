import { ACTIVITY_LINE_MAX_BYTES, type ActivityRecord } from '#shared/activity/activity.js';

/**
 * One record as one UTF-8 line (newline included) of at most `maxBytes`. A record over the cap
 * keeps as many returned paths as fit (marked `pathsTruncated`, with `pathsTotal`); if even
 * that is not enough, the arguments and message are replaced by a marker. Never a split line.
 */
export function encodeActivityLine(
  record: ActivityRecord,
  maxBytes: number = ACTIVITY_LINE_MAX_BYTES,
): Buffer {
  const whole = toLine(record);
  if (whole.length <= maxBytes) return whole;
  const search = record.search;
  if (search && search.paths.length > 0) {
    const total = search.pathsTotal ?? search.paths.length;
    const withPaths = (n: number) =>
      toLine({
        ...record,
        search: {
          ...search,
          paths: search.paths.slice(0, n),
          pathsTruncated: true,
          pathsTotal: total,
        },
      });
    // Binary search for the most paths that fit: O(log n) serializations, not n.
    let lo = 0;
    let hi = search.paths.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (withPaths(mid).length <= maxBytes) lo = mid;
      else hi = mid - 1;
    }
    const best = withPaths(lo);
    if (best.length <= maxBytes) return best;
  }
  const bare: ActivityRecord = {
    ...record,
    errorMessage: record.errorMessage === null ? null : record.errorMessage.slice(0, 200),
    args: { _truncated: true },
  };
  if (search) {
    bare.search = {
      ...search,
      root: search.root === null ? null : search.root.slice(0, 200),
      paths: [],
      pathsTruncated: true,
      pathsTotal: search.pathsTotal ?? search.paths.length,
    };
  }
  const small = toLine(bare);
  if (small.length <= maxBytes) return small;
  return toLine({ ...bare, client: null, tool: bare.tool.slice(0, 200) });
}

function toLine(record: ActivityRecord): Buffer {
  return Buffer.from(`${JSON.stringify(record)}\n`, 'utf8');
}
