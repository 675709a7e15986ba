// Phones: when the on-screen keyboard opens, the layout viewport keeps its height but the
// visual viewport shrinks (iOS Safari in particular), so a full-screen panel would keep its
// composer under the keyboard. The panel follows the visual viewport instead: its height and
// top come from visualViewport (as CSS custom properties, set through CSSOM, which a strict
// style-src allows). Without the API the CSS falls back to dynamic viewport units (100dvh).

/** Keeps `--cw-vh` / `--cw-top` on `el` equal to the visual viewport; returns the cleanup. */
export function followVisualViewport(el: HTMLElement): () => void {
  const vv = window.visualViewport;
  if (!vv) return () => {};
  const update = () => {
    el.style.setProperty('--cw-vh', `${Math.round(vv.height)}px`);
    el.style.setProperty('--cw-top', `${Math.round(vv.offsetTop)}px`);
  };
  update();
  vv.addEventListener('resize', update);
  vv.addEventListener('scroll', update);
  return () => {
    vv.removeEventListener('resize', update);
    vv.removeEventListener('scroll', update);
  };
}
