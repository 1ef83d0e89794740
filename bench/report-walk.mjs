// The walking path's rows on the deep tree (issue 40 item 4): a server with no app running walks
// 200,000 files in 11,111 folders with scattered times (measure-deep-walk.mjs). Beside report.mjs,
// in its row style.
import { evaluate, fmtMs, fmtRatio } from './bench-lib.mjs';
import { count, T } from './bench-common.mjs';

/** Rows W1 (first page against find in the same rounds) and W2 (the next page). */
export function walkRows(deep) {
  const vsFind = deep.firstMs / deep.findMs;
  const nextRatio = deep.nextMs / deep.firstMs;
  const wrong = deep.problems.length > 0;
  return [
    {
      measure: 'deep 200k: `find -type f -newermt` (11,111 folders, scattered times; median of 5)',
      value: `${fmtMs(deep.findMs)}, ${count(deep.expected)} files`,
    },
    {
      id: 'W1',
      measure:
        'deep 200k, walking (no app): first page through a server (time_desc, limit 100, median of 5)',
      value:
        `${fmtMs(deep.firstMs)} = ${fmtRatio(vsFind)} find; rounds ${deep.ratios.map(fmtRatio).join(' ')}` +
        (wrong ? `; WRONG: ${deep.problems.slice(0, 2).join('; ')}` : ''),
      target: `≤ ${fmtRatio(T.firstVsFind)} find`,
      result: wrong ? 'FAIL' : evaluate(vsFind, { max: T.firstVsFind }),
    },
    {
      id: 'W2',
      measure: 'deep 200k, walking: next page with nextCursor (median of 5)',
      value: `${fmtMs(deep.nextMs)} = ${fmtRatio(nextRatio)} first page`,
      target: `≤ ${fmtRatio(T.laterVsFirst)} first page`,
      result: wrong ? 'FAIL' : evaluate(nextRatio, { max: T.laterVsFirst }),
    },
  ];
}
