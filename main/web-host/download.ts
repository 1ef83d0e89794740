// A file the web page downloads from its host (the Claude Desktop extension FolderGate built):
// streamed as an attachment once it opens; a file not there is the caller's 404.
import { createReadStream } from 'node:fs';
import type http from 'node:http';

/** Streams `file` as the attachment `name`; calls `missing` when it cannot be opened. */
export function sendDownload(
  res: http.ServerResponse,
  file: string,
  name: string,
  missing: () => void,
): void {
  const stream = createReadStream(file);
  stream.once('open', () => {
    res.writeHead(200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
    stream.pipe(res);
  });
  stream.once('error', () => {
    if (res.headersSent) res.destroy();
    else missing();
  });
}
