// A zip archive in memory (what a .mcpb bundle is): each file deflated with Node's zlib, its
// CRC-32 from zlib.crc32, local headers, then the central directory. Enough for the few files of
// FolderGate's extension; no ZIP64 (each file and the whole archive stay far below 4 GB).
import zlib from 'node:zlib';

/** One file of the archive: a '/'-separated path inside it and its bytes. */
export interface ZipEntry {
  path: string;
  data: Buffer;
}

// A fixed time (1 January 2026, 00:00) so the same files make the same bytes.
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;

function header(fields: [number, 2 | 4][]): Buffer {
  const buf = Buffer.alloc(fields.reduce((n, [, size]) => n + size, 0));
  let at = 0;
  for (const [value, size] of fields) {
    if (size === 2) buf.writeUInt16LE(value, at);
    else buf.writeUInt32LE(value >>> 0, at);
    at += size;
  }
  return buf;
}

/** The archive's bytes for `entries`, in their order. */
export function zipFiles(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8');
    const deflated = zlib.deflateRawSync(entry.data, { level: 9 });
    const crc = zlib.crc32(entry.data);
    // Version 2.0, flag 0x0800 (UTF-8 names), method 8 (deflate).
    const common: [number, 2 | 4][] = [
      [20, 2],
      [0x0800, 2],
      [8, 2],
      [DOS_TIME, 2],
      [DOS_DATE, 2],
      [crc, 4],
      [deflated.length, 4],
      [entry.data.length, 4],
      [name.length, 2],
      [0, 2],
    ];
    const local = Buffer.concat([header([[0x04034b50, 4], ...common]), name, deflated]);
    centrals.push(
      Buffer.concat([
        header([
          [0x02014b50, 4],
          [0x031e, 2], // made by: Unix, 3.0 (so the mode below is read)
          ...common,
          [0, 2], // comment length
          [0, 2], // disk number
          [0, 2], // internal attributes
          [(0o100644 << 16) >>> 0, 4], // external attributes: a regular file, rw-r--r--
          [offset, 4],
        ]),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = header([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [entries.length, 2],
    [entries.length, 2],
    [central.length, 4],
    [offset, 4],
    [0, 2],
  ]);
  return Buffer.concat([...locals, central, end]);
}
