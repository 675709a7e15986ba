// jsdom's XMLHttpRequest would go to the network; the widget tests route every request through
// the (stubbed) global fetch instead, so the loader's config XHR meets the same test routes.
class XhrViaFetch {
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send() {
    Promise.resolve()
      .then(() => globalThis.fetch(this.url, { method: this.method }))
      .then(async (res) => {
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      })
      .catch(() => this.onerror?.());
  }
}
globalThis.XMLHttpRequest = XhrViaFetch as unknown as typeof XMLHttpRequest;
