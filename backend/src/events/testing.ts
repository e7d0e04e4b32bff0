/**
 * A reader of a Server-Sent Events stream opened with fetch: `next(type)` resolves with the next
 * event of that type; `ended` resolves once the stream ends (the server closed it, or `close()`).
 */
export interface EventReader {
  next(type: string, timeoutMs?: number): Promise<unknown>;
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream and parses its `event:`/`data:` lines. */
export async function openEvents(url: string): Promise<{ status: number; reader: EventReader }> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream' } });
  const queue: { type: string; data: unknown }[] = [];
  const waiters: (() => void)[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (res.ok && res.body) {
    ended = (async () => {
      const decoder = new TextDecoder();
      let text = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          text += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data !== undefined) queue.push({ type, data: JSON.parse(data) });
            waiters.splice(0).forEach((w) => w());
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  const reader: EventReader = {
    async next(type, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const at = queue.findIndex((e) => e.type === type);
        if (at >= 0) return queue.splice(at, 1)[0].data;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${type}" event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    ended,
    close: () => abort.abort(),
  };
  return { status: res.status, reader };
}

/** True when the stream ends within `ms` milliseconds, false when it is still open then. */
export function endsWithin(reader: EventReader, ms: number): Promise<boolean> {
  return Promise.race([reader.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
}
