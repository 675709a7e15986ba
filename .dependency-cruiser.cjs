/**
 * The import rules `npm test` checks (dependency-cruiser): no cycles, and imports point down.
 *   protocol/   the wire contract: imports nothing of ours
 *   widget/, agent/  browser code: never the server
 *   server/     rooms: http/ (the fastify app and its routes) on top; chat/, console/,
 *               knowledge/, engines/, config/, ops/, store/ below it; only http/ (and the
 *               composition root, main.ts) may import a route
 * Type-only imports count: a cycle of types is still two modules that cannot be read alone.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Modules that import each other cannot be understood or moved alone.', from: {}, to: { circular: true } },
    { name: 'protocol-at-the-bottom', severity: 'error', comment: 'protocol/ is imported by every side; it imports nothing of ours.', from: { path: '^protocol/' }, to: { path: '^(server|widget|agent|e2e|bench|scripts)/' } },
    { name: 'browser-code-never-imports-server', severity: 'error', from: { path: '^(widget|agent)/' }, to: { path: '^server/' } },
    { name: 'routes-only-from-http', severity: 'error', comment: 'Domain code never imports a route: routes parse, call the domain and reply.', from: { path: '^server/', pathNot: '^server/(http/|main\\.ts$)' }, to: { path: '^server/http/routes/' } },
    { name: 'domain-never-imports-http', severity: 'error', comment: 'The rooms below http/ do not know they are served over HTTP.', from: { path: '^server/(chat|console|knowledge|engines|config|ops|store)/', pathNot: '\\.test\\.ts$' }, to: { path: '^server/http/' } },
    { name: 'store-knows-only-protocol', severity: 'error', comment: 'Storage is behind an interface: it knows the wire shapes and nothing of the rooms that use it.', from: { path: '^server/store/', pathNot: '\\.test\\.ts$' }, to: { path: '^server/(chat|console|knowledge|engines|http|ops|config)/' } },
    { name: 'knowledge-below-chat-and-engines', severity: 'error', comment: 'Retrieval is used by engines and turns, never the other way round.', from: { path: '^server/knowledge/', pathNot: '\\.test\\.ts$' }, to: { path: '^server/(chat|console|engines|http)/' } },
    { name: 'product-never-imports-tests', severity: 'error', from: { path: '^(server|widget|agent|protocol)/', pathNot: '(\\.test\\.tsx?$|^server/test/|^widget/test/|^agent/test/)' }, to: { path: '(\\.test\\.tsx?$|^server/test/)' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tmp)/' },
    tsPreCompilationDeps: true,
    // TypeScript 7 (the project's compiler) has no JS API dependency-cruiser can use yet; swc parses the sources.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
