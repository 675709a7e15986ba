// Entry of dist/widget.js, the loader: a classic script (site owners paste one <script> tag).
// The app comes from next to it as an ES module, by dynamic import(), which a classic script
// may use, cross-origin (CORS) and under a strict CSP that allows the script's own origin.
import { bootPage } from './loader/page';
import type { AppModule } from './loader/instance';

void bootPage((src) => (src ? (import(/* @vite-ignore */ src) as Promise<AppModule>) : Promise.reject(new Error('no script URL'))));
