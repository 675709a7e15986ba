import { useState } from 'preact/hooks';
import type { Inbox } from '../state';
import { text } from '../text';

/**
 * Downloads a CSV from the agent API. A plain link cannot carry the bearer token, so the file
 * is fetched, then handed to the browser through an object URL and a temporary <a download>.
 */
export function CsvButton({ inbox, path, name }: { inbox: Inbox; path: string; name: string }) {
  const [error, setError] = useState<string | null>(null);
  async function download() {
    const client = inbox.client();
    if (!client) return;
    const r = await client.csv(path);
    if (!r.ok) return setError(text.actionFailed);
    setError(null);
    const url = URL.createObjectURL(new Blob([r.data], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return (
    <>
      <button type="button" class="quiet" onClick={() => void download()}>
        {text.downloadCsv}
      </button>
      {error && <span class="error" role="alert">{error}</span>}
    </>
  );
}
