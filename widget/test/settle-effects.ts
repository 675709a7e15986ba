// Setup file of the jsdom test projects (widget, agent). Preact runs effects after the next
// frame: a 35 ms timer racing requestAnimationFrame. A test file that ends right after a
// render leaves that timer to fire once jsdom is torn down, where cancelAnimationFrame no
// longer exists, and vitest reports an uncaught error. Let pending effects run first.
import { afterAll } from 'vitest';

afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 60)));
