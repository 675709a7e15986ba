// All CSS goes into the shadow root as one adopted stylesheet. Constructable stylesheets are
// not subject to CSP style-src, so this works on pages that forbid inline styles; a <style>
// fallback covers old browsers.
export function adoptCss(root: ShadowRoot, css: string): void {
  root.querySelector('style[data-cw]')?.remove();
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement('style');
    style.dataset.cw = '';
    style.textContent = css;
    root.prepend(style);
  }
}
