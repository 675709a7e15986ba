import { useEffect, useRef } from 'preact/hooks';
import { StoreContext } from '../context';
import type { Store } from '../state';
import { theme } from '../theme';
import { Launcher } from './launcher';
import { LauncherNote } from './launcher-note';
import { Panel } from './panel';

/** Root: launcher (with its note), panel (only while open) and the polite live region for finished answers. */
export function App({ store }: { store: Store }) {
  const launcher = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const c = store.config.value;
  const open = store.isOpen.value;
  // Focus returns to the launcher when the panel closes (not on first render).
  useEffect(() => {
    if (wasOpen.current && !open) launcher.current?.focus();
    wasOpen.current = open;
  }, [open]);
  if (!c) return null;
  const th = theme({ ...c.widget_settings, ...store.themeOverride.value });
  const l = store.l.value;
  const inline = store.inline;
  return (
    <StoreContext.Provider value={store}>
      <div
        class="cw"
        lang={l.code}
        data-pos={th.position}
        data-scheme={th.scheme}
        data-open={open || undefined}
        data-inline={inline || undefined}
        data-expanded={(store.expanded.value && !inline) || undefined}
        style={{ '--cw-primary': th.primary, '--cw-on-primary': th.onPrimary }}
      >
        {open && <Panel />}
        {!inline && !open && <LauncherNote />}
        {!inline && <Launcher buttonRef={launcher} />}
        <div class="sr" aria-live="polite" role="status">
          {store.announce}
        </div>
      </div>
    </StoreContext.Provider>
  );
}
