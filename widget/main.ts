// Entry of dist/widget.js. Everything lives in boot(); this file only starts it.
import { boot } from './boot';

void boot();
