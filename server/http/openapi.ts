/**
 * The OpenAPI 3.1 document, generated: the API operations and their schemas come from
 * protocol/ (routes.ts and schemas.ts), so the document cannot drift from what the server
 * validates and answers. Only the static assets are listed here. A test checks that every
 * route fastify registered is documented and every documented one is registered.
 */
import { API, OUTAGE, type Answer, type Operation } from '../../protocol/routes.ts';
import { SCHEMAS } from '../../protocol/catalog.ts';
import { EMBED_BOT_PARAM, EMBED_HEADER } from '../../protocol/embed.ts';

type Doc = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Files the server serves beside the API (not part of the wire contract). */
const ASSETS: Array<{ path: string; summary: string; type: string; missing: string; param?: string; query?: { name: string; description: string } }> = [
  {
    path: '/widget.js', summary: 'The embeddable widget script (stable URL, short cache, ETag)', type: 'text/javascript', missing: 'Not built yet.',
    query: { name: EMBED_BOT_PARAM, description: `A bot id: its widget configuration is written into the script when this page may have it (private, revalidated by ETag); the ${EMBED_HEADER} header says \`inline\`, or \`request; <error code>\` when the plain script is sent and the widget reads the configuration itself.` },
  },
  { path: '/{file}', summary: "The widget's app (an ES module) under its content-hashed name (the name widget.js was built with), imported when the chat is about to be used; immutable", type: 'text/javascript', missing: 'No such file.', param: 'A file name such as widget-app.<content hash>.js' },
  { path: '/favicon.ico', summary: 'The favicon', type: 'image/x-icon', missing: 'Not built yet.' },
  { path: '/favicon.svg', summary: 'The favicon as SVG', type: 'image/svg+xml', missing: 'Not built yet.' },
  { path: '/agent', summary: 'The agent inbox page (strict CSP)', type: 'text/html', missing: 'Not built yet.' },
  { path: '/agent.js', summary: 'The agent inbox script', type: 'text/javascript', missing: 'Not built yet.' },
  { path: '/agent.css', summary: 'The agent inbox styles', type: 'text/css', missing: 'Not built yet.' },
  { path: '/', summary: 'The demo page, when the server was started with --demo (npm start)', type: 'text/html', missing: 'No demo page: started without --demo (the message names what the server serves), or none built.' },
];

function answer(a: Answer): Doc {
  const out: Doc = { description: a.description };
  if (a.json) out.content = { 'application/json': { schema: ref(a.json) } };
  if (a.sse) out.content = { 'text/event-stream': { schema: ref(a.sse) } };
  if (a.csv) out.content = { 'text/csv': { schema: { type: 'string' } } };
  if (a.retryAfter) out.headers = { 'Retry-After': { description: 'Seconds until a retry can succeed.', schema: { type: 'integer' } } };
  return out;
}

function operationDoc(o: Operation): Doc {
  const answers = { ...o.answers };
  const own = answers[503];
  answers[503] = own ? { ...OUTAGE, description: `${own.description} Or: ${OUTAGE.description}` } : OUTAGE;
  const doc: Doc = { summary: o.summary, responses: Object.fromEntries(Object.entries(answers).map(([status, a]) => [status, answer(a)])) };
  if (o.agent) doc.security = [{ agentToken: [] }];
  const parameters: Doc[] = (o.params ?? []).map((p) => ({
    name: p.name, in: p.in, required: p.required, description: p.description,
    schema: p.uuid ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  if (o.query) parameters.push(...queryParameters(SCHEMAS[o.query]));
  if (parameters.length) doc.parameters = parameters;
  if (o.body) doc.requestBody = { required: true, content: { 'application/json': { schema: ref(o.body) } } };
  return doc;
}

/** A query schema's properties as query parameters, each with its own schema (its description moved up to the parameter). */
function queryParameters(schema: object): Doc[] {
  const { properties = {}, required = [] } = JSON.parse(JSON.stringify(schema)) as { properties?: Record<string, Doc>; required?: string[] };
  return Object.entries(properties).map(([name, { description, ...rest }]) => ({ name, in: 'query', required: required.includes(name), description, schema: rest }));
}

export function openApiDocument() {
  const paths: Record<string, Doc> = {};
  for (const o of API) (paths[o.path] ??= {})[o.method.toLowerCase()] = operationDoc(o);
  for (const a of ASSETS) {
    paths[a.path] = {
      get: {
        summary: a.summary,
        ...(a.param ? { parameters: [{ name: 'file', in: 'path', required: true, description: a.param, schema: { type: 'string' } }] } : {}),
        ...(a.query ? { parameters: [{ name: a.query.name, in: 'query', required: false, description: a.query.description, schema: { type: 'string', format: 'uuid' } }] } : {}),
        responses: { 200: { description: 'The file (brotli or gzip by Accept-Encoding).', content: { [a.type]: {} } }, 304: { description: 'Not modified.' }, 404: { description: a.missing, content: { 'application/json': { schema: ref('ErrorBody') } } } },
      },
    };
  }
  // Operations endpoints, for monitors and the operator's scraper.
  paths['/healthz'] = { get: { summary: 'Liveness: the process answers', responses: { 200: { description: '`{"status":"ok"}`.', content: { 'application/json': {} } } } } };
  paths['/readyz'] = { get: { summary: 'Readiness: the store answers a query (and Redis, when configured, a PING); knowledge that could not be read is reported', responses: { 200: { description: '`{"status":"ready",...,"knowledge":"ok"}`, or `"knowledge":"degraded"` with `degraded_bots` naming each bot whose knowledge could not all be read or is empty.', content: { 'application/json': {} } }, 503: { description: 'The store or Redis does not answer (`not_ready`, the message names which).', content: { 'application/json': { schema: ref('ErrorBody') } } } } } };
  paths['/metrics'] = { get: { summary: 'Prometheus metrics (text exposition format); keep it off the public internet', responses: { 200: { description: 'Metrics.', content: { 'text/plain': {} } } } } };
  paths['/openapi.json'] = { get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1 JSON.', content: { 'application/json': {} } } } } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Chat Service',
      version: '1.0.0',
      description: "The three endpoints of the Public Chat Service spec plus this server's documented extensions. CORS preflights (`OPTIONS`) on `/v1/public/*` are always granted; the bot's allowed domains are enforced on the request itself.",
    },
    paths,
    // The TypeBox schemas are JSON Schema already (OpenAPI 3.1 uses JSON Schema 2020-12).
    components: { schemas: JSON.parse(JSON.stringify(SCHEMAS)), securitySchemes: { agentToken: { type: 'http', scheme: 'bearer', description: 'A token from `agents[]` in the server config.' } } },
  };
}
