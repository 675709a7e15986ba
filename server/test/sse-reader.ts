/** A minimal SSE reader for tests: frames, comments and parsed `data:` events, exactly as sent. */
export interface SseResult {
  events: Array<Record<string, unknown> & { type: string }>;
  /** The `id:` of each event (resumable streams), '' where it had none. */
  ids: string[];
  comments: string[];
  raw: string;
}

/** Parses a complete SSE body; throws when a frame is not `data: <json>`. */
export function parseSse(raw: string): SseResult {
  const events: SseResult['events'] = [];
  const ids: string[] = [];
  const comments: string[] = [];
  for (const frame of raw.split('\n\n')) {
    if (!frame) continue;
    let id = '';
    for (const line of frame.split('\n')) {
      if (line.startsWith(':')) comments.push(line);
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) {
        events.push(JSON.parse(line.slice(6)));
        ids.push(id);
      } else throw new Error(`unexpected SSE line: ${JSON.stringify(line)}`);
    }
  }
  return { events, ids, comments, raw };
}

export async function readSse(res: Response): Promise<SseResult> {
  return parseSse(await res.text());
}

/** Reads events one by one, so a test can act in the middle of a stream. */
export async function* sseEvents(res: Response): AsyncGenerator<Record<string, unknown> & { type: string }> {
  for await (const f of sseFrames(res)) yield f.data;
}

/** Frames one by one with their `event:` name ('' when none): the console's channel names its events. */
export async function* sseFrames(res: Response): AsyncGenerator<{ event: string; data: Record<string, unknown> & { type: string } }> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buf += value;
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const frame = buf.slice(0, i).split('\n');
      buf = buf.slice(i + 2);
      const data = frame.find((l) => l.startsWith('data: '));
      if (data) yield { event: frame.find((l) => l.startsWith('event: '))?.slice(7) ?? '', data: JSON.parse(data.slice(6)) };
    }
  }
}
