/**
 * Validation against the protocol's (and the config's) TypeBox schemas, with the messages
 * this server has always given: the field's path, then the problem in plain words
 * (`bots[0].allowed_domains[1]: must be a string`, `message: must be at most 4000 characters`).
 * TypeBox says *what* failed; the schema node at the failing path says how to word it: its
 * `x-what` names the format a pattern or format stands for (`must be a UUID`), and its
 * `x-problem`, when it has one, is the wording of any failure of that value.
 */
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Invalid } from './check.ts';

type Node = Record<string, unknown> & { type?: string | string[]; anyOf?: Node[]; properties?: Record<string, Node>; items?: Node; additionalProperties?: Node | boolean; const?: unknown; required?: string[] };
interface SchemaError { keyword: string; schemaPath: string; instancePath: string; params: Record<string, unknown>; message: string }

const compiled = new WeakMap<TSchema, ReturnType<typeof Compile>>();
function validator(schema: TSchema) {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = Compile(schema)));
  return v;
}

/** `/bots/0/allowed_domains/1` → `bots[0].allowed_domains[1]`, under `base`. */
function pathOf(pointer: string, base = ''): string {
  let out = base;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out = /^\d+$/.test(seg) ? `${out}[${seg}]` : out ? `${out}.${seg}` : seg;
  }
  return out;
}

const segments = (pointer: string) => pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The non-null branches of a nullable union, or the node itself. */
function unwrap(node: Node): Node {
  if (!node.anyOf) return node;
  const real = node.anyOf.filter((n) => n.type !== 'null');
  return real.length === 1 ? unwrap(real[0]) : node;
}

/** The schema node that describes the value at `pointer` (following properties, items, unions). */
function nodeAt(root: Node, pointer: string, value: unknown): Node | undefined {
  let node: Node | undefined = root;
  let v = value;
  for (const seg of segments(pointer)) {
    if (!node) return undefined;
    node = unwrap(node);
    if (node.anyOf) {
      // A union of objects told apart by a literal field (an engine of one type or another):
      // that field reads as the list of its values; any other field, as in the matching branch.
      const branches: Node[] = node.anyOf;
      if (branches.every((b) => b.properties?.[seg]?.const !== undefined)) return { anyOf: branches.map((b) => b.properties![seg]) };
      node = branches.find((b) => matches(b, v)) ?? branches[0];
    }
    if (node.properties && Object.hasOwn(node.properties, seg)) node = node.properties[seg];
    else if (node.items) node = node.items;
    else if (node.additionalProperties && typeof node.additionalProperties === 'object') node = node.additionalProperties;
    else return undefined;
    v = (v as Record<string, unknown>)?.[seg];
  }
  return node;
}

function valueAt(value: unknown, pointer: string): unknown {
  let v = value;
  for (const seg of segments(pointer)) v = (v as Record<string, unknown> | undefined)?.[seg];
  return v;
}

/** Whether an object value carries every literal (discriminating) field of a union branch. */
const matches = (branch: Node, v: unknown): boolean =>
  !!branch.properties && Object.entries(branch.properties).every(([k, p]) => p.const === undefined || (v as Record<string, unknown> | undefined)?.[k] === p.const);

/**
 * Whether an error comes from a union branch the value was never meant for: when an engine
 * says `"type": "openai"`, what the extractive branch thinks of it is noise.
 */
function inWrongBranch(root: Node, e: SchemaError, value: unknown): boolean {
  const schemaSegs = segments(e.schemaPath.replace(/^#/, ''));
  const instSegs = segments(e.instancePath);
  let node: Node | undefined = root;
  let v = value;
  let i = 0;
  for (let k = 0; k < schemaSegs.length && node; k++) {
    const seg = schemaSegs[k];
    if (seg === 'properties') {
      const key = schemaSegs[++k];
      node = node.properties?.[key];
      if (instSegs[i] === key) v = (v as Record<string, unknown> | undefined)?.[instSegs[i++]];
    } else if (seg === 'items' || seg === 'additionalProperties') {
      node = node[seg] as Node;
      if (i < instSegs.length) v = (v as Record<string, unknown> | undefined)?.[instSegs[i++]];
    } else if (seg === 'anyOf') {
      const branches: Node[] = node.anyOf ?? [];
      const chosen = branches[Number(schemaSegs[++k])];
      const discriminated = branches.filter((b) => b.type === 'object').length > 1 && branches.some((b) => matches(b, v));
      if (discriminated && chosen && !matches(chosen, v)) return true;
      node = chosen;
    } else {
      return false;
    }
  }
  return false;
}

const literals = (node: Node): unknown[] | null => {
  const n = unwrap(node);
  return n.anyOf && n.anyOf.every((b) => b.const !== undefined) ? n.anyOf.map((b) => b.const) : n.const !== undefined ? [n.const] : null;
};

const TYPE_WORDS: Record<string, string> = {
  string: 'must be a string', integer: 'must be a whole number', number: 'must be a number', boolean: 'must be true or false',
  array: 'must be an array', object: 'must be an object', null: 'must be null',
};

function typeWords(node: Node): string {
  const n = unwrap(node);
  const t = Array.isArray(n.type) ? n.type.find((x) => x !== 'null') : n.type;
  return (t && TYPE_WORDS[t]) ?? 'has the wrong type';
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}

/** The known name closest to `key`, when it is close enough to be a typo of it. */
export function closest(key: string, known: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

function wording(root: Node, e: SchemaError, value: unknown): { at: string; problem: string } {
  const p = e.params;
  if (e.keyword === 'required') {
    const missing = (p.requiredProperties as string[])[0];
    return { at: `${e.instancePath}/${missing}`, problem: 'is required' };
  }
  if (e.keyword === 'additionalProperties') {
    const unknown = (p.additionalProperties as string[])[0];
    const here = unwrap(nodeAt(root, e.instancePath, value) ?? {});
    const v = valueAt(value, e.instancePath);
    const node = here.anyOf ? here.anyOf.find((b) => matches(b, v)) ?? here : here;
    const known = Object.keys(node.properties ?? {});
    const guess = closest(unknown, known);
    return { at: `${e.instancePath}/${unknown}`, problem: `is not a known setting${guess ? ` (did you mean "${guess}"?)` : ''}` };
  }
  const node = nodeAt(root, e.instancePath, value) ?? {};
  const fixed = unwrap(node)['x-problem'];
  if (typeof fixed === 'string') return { at: e.instancePath, problem: fixed };
  const v = valueAt(value, e.instancePath);
  const what = (unwrap(node)['x-what'] as string | undefined);
  const lits = literals(node);
  if (lits && v !== null) return { at: e.instancePath, problem: `must be one of ${lits.map((l) => JSON.stringify(l)).join(', ')}` };
  switch (e.keyword) {
    case 'maxLength': return { at: e.instancePath, problem: `must be at most ${p.limit} characters` };
    case 'minLength': return { at: e.instancePath, problem: p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters` };
    case 'minimum': case 'exclusiveMinimum': return { at: e.instancePath, problem: `must be at least ${p.limit}` };
    case 'maximum': case 'exclusiveMaximum': return { at: e.instancePath, problem: `must be at most ${p.limit}` };
    case 'minItems': return { at: e.instancePath, problem: `must list at least ${p.limit} item${p.limit === 1 ? '' : 's'}` };
    case 'maxItems': return { at: e.instancePath, problem: `must list at most ${p.limit} items` };
    case 'pattern': case 'format': return { at: e.instancePath, problem: `must be ${what ?? `a valid ${String(p.format ?? 'value')}`}` };
    default: return { at: e.instancePath, problem: typeWords(node) };
  }
}

/** The first problem of a value that fails `schema`, worded for a person. */
function firstProblem(schema: TSchema, value: unknown, base = ''): Invalid | null {
  const v = validator(schema);
  if (v.Check(value)) return null;
  const errors = [...v.Errors(value)] as SchemaError[];
  // Wrappers say nothing of their own: a failed union, and a property refused by `additionalProperties: false` (reported again with its name).
  const root = schema as unknown as Node;
  const e = errors.find((x) => x.keyword !== 'anyOf' && x.keyword !== 'boolean' && !inWrongBranch(root, x, value)) ?? errors[0];
  const { at, problem } = wording(root, e, value);
  return new Invalid(pathOf(at, base), problem);
}

/** The value typed by its schema, or `Invalid` naming the field. */
export function parse<T extends TSchema>(schema: T, value: unknown, base = ''): Static<T> {
  const problem = firstProblem(schema, value, base);
  if (problem) throw problem;
  return value as Static<T>;
}

/**
 * A request body read through its schema: only the schema's fields are kept (unknown fields
 * are ignored and never reach a model), and an optional field sent as null counts as absent.
 */
export function parseBody<T extends TSchema>(schema: T, body: unknown): Static<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Invalid('', 'The body must be a JSON object.');
  const node = schema as unknown as Node;
  const known: Record<string, unknown> = {};
  for (const key of Object.keys(node.properties ?? {})) {
    const v = (body as Record<string, unknown>)[key];
    if (Object.hasOwn(body, key) && !(v === null && !node.required?.includes(key))) known[key] = v;
  }
  return parse(schema, known);
}

/**
 * A query string read through its schema: only the schema's parameters are kept (others are
 * ignored), an empty value counts as absent, and a value whose schema asks for a number or a
 * yes/no is read as one (`limit=20` → 20, `contact=true` → true) before the check. So the
 * result has the schema's types, and a bad value fails naming its parameter.
 */
export function parseQuery<T extends TSchema>(schema: T, query: unknown): Static<T> {
  const given = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const known: Record<string, unknown> = {};
  for (const [key, node] of Object.entries((schema as unknown as Node).properties ?? {})) {
    const v = Object.hasOwn(given, key) ? given[key] : undefined;
    if (v !== undefined && v !== '') known[key] = typeof v === 'string' ? fromText(unwrap(node), v) : v;
  }
  return parse(schema, known);
}

/** A query value as the type its schema asks for; text that does not read as one stays text (and fails the check). */
function fromText(node: Node, text: string): unknown {
  if (node.type === 'integer' || node.type === 'number') return Number(text);
  if (node.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}
