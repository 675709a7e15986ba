import { afterAll, beforeAll, expect, test } from 'vitest';
import { routesOf } from './app.ts';
import { openApiDocument } from './openapi.ts';
import { startFixture, type TestServer } from '../test/fixtures.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startFixture();
});
afterAll(() => s.stop());

test('every registered route is documented and every documented operation is registered', () => {
  const registered = routesOf(s.app);
  const served = registered
    .filter((r) => !r.startsWith('OPTIONS ')) // CORS preflight, described in info.description
    .map((r) => r.replace(/:(\w+)/g, '{$1}'))
    .sort();
  const doc = openApiDocument();
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)).sort();
  expect(served.length).toBeGreaterThanOrEqual(6);
  expect(served).toEqual(documented);
  expect(registered).toContain('OPTIONS /v1/public/*');
});

test('the served document is OpenAPI 3.1 and every $ref resolves', async () => {
  const doc = await (await fetch(`${s.url}/openapi.json`)).json();
  expect(doc.openapi).toBe('3.1.0');
  const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/(\w+)"/g) ?? [];
  expect(refs.length).toBeGreaterThan(5);
  for (const r of refs) expect(doc.components.schemas).toHaveProperty(r.split('/').at(-1)!.replace('"', ''));
});
