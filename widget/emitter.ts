// The host page's event hooks (`ChatWidget.on('message', fn)`). A throwing listener belongs to
// the host page; it must not break the widget, so it is reported asynchronously instead.
// It lives in the loader, so listeners added before the app has loaded hear everything.
export type WidgetEvent = 'open' | 'close' | 'message' | 'error' | 'unread';
type Fn = (detail?: unknown) => void;

export function emitter() {
  const map = new Map<string, Set<Fn>>();
  const off = (ev: string, fn?: Fn) => {
    if (fn) map.get(ev)?.delete(fn);
    else map.delete(ev);
  };
  return {
    /** Returns the function that removes this listener. */
    on(ev: string, fn: Fn): () => void {
      if (typeof fn === 'function') (map.get(ev) || map.set(ev, new Set()).get(ev)!).add(fn);
      return () => off(ev, fn);
    },
    off,
    emit(ev: WidgetEvent, detail?: unknown) {
      map.get(ev)?.forEach((fn) => {
        try {
          fn(detail);
        } catch (e) {
          setTimeout(() => {
            throw e;
          });
        }
      });
    },
    clear: () => map.clear(),
  };
}
export type Emitter = ReturnType<typeof emitter>;
