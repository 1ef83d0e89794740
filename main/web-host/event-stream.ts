// One Server-Sent Events stream: every push event of the contract as `event: <name>` with a
// JSON `data:` line, and a comment ping so proxies and browsers keep the connection open.
import type http from 'node:http';
import { IPC_EVENT_NAMES, type EventSubscribe } from '#shared/contract/ipc.js';

/** Starts streaming events to `res`; returns a function that ends the stream. */
export function openEventStream(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  on: EventSubscribe,
  pingIntervalMs: number,
  onClosed: () => void,
): () => void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // The first bytes make the browser's EventSource fire 'open' at once.
  res.write(': connected\nretry: 2000\n\n');
  const unsubscribes = IPC_EVENT_NAMES.map((name) =>
    on(name, (payload) => {
      res.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    }),
  );
  const ping = setInterval(() => res.write(': ping\n\n'), pingIntervalMs);
  ping.unref();
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    for (const unsubscribe of unsubscribes) unsubscribe();
    if (!res.writableEnded) res.end();
    onClosed();
  };
  req.on('close', close);
  res.on('close', close);
  return close;
}
