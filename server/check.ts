/**
 * Tiny structural validators shared by the config loader and the request handlers.
 * Each one either returns the typed value or throws `Invalid` naming the path of the
 * field (`bots[0].allowed_domains[1]: must be a string`), so callers never guess.
 */
export class Invalid extends Error {
  readonly path: string;
  readonly problem: string;
  constructor(path: string, problem: string) {
    super(path ? `${path}: ${problem}` : problem);
    this.name = 'Invalid';
    this.path = path;
    this.problem = problem;
  }
}

export type Obj = Record<string, unknown>;

export const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function obj(v: unknown, path: string): Obj {
  if (!isObj(v)) throw new Invalid(path, 'must be an object');
  return v;
}

/** Reads fields of one object with their paths; absent and null are told apart. */
export class Fields {
  readonly raw: Obj;
  readonly path: string;
  constructor(v: unknown, path: string) {
    this.raw = obj(v, path);
    this.path = path;
  }
  at(key: string) {
    return join(this.path, key);
  }
  has(key: string) {
    return this.raw[key] !== undefined;
  }

  str(key: string, o: { def?: string; min?: number; max?: number; oneOf?: readonly string[]; pattern?: RegExp; what?: string } = {}): string {
    const v = this.raw[key];
    if (v === undefined && o.def !== undefined) return o.def;
    return str(v, this.at(key), o);
  }
  strOrNull(key: string, o: { min?: number; max?: number } = {}): string | null {
    const v = this.raw[key];
    if (v === undefined || v === null) return null;
    return str(v, this.at(key), o);
  }
  /** An optional string; `null` counts as absent, as many JSON clients send it for "not set". */
  optStr(key: string, o: { min?: number; max?: number } = {}): string | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    return str(v, this.at(key), o);
  }
  bool(key: string, def: boolean): boolean {
    const v = this.raw[key];
    if (v === undefined) return def;
    if (typeof v !== 'boolean') throw new Invalid(this.at(key), 'must be true or false');
    return v;
  }
  int(key: string, def: number, o: { min?: number; max?: number } = {}): number {
    const v = this.raw[key];
    if (v === undefined) return def;
    return int(v, this.at(key), o);
  }
  intOrNull(key: string, o: { min?: number; max?: number } = {}): number | null {
    const v = this.raw[key];
    if (v === undefined || v === null) return null;
    return int(v, this.at(key), o);
  }
  num(key: string, def: number, o: { min?: number; max?: number } = {}): number {
    const v = this.raw[key];
    if (v === undefined) return def;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Invalid(this.at(key), 'must be a number');
    range(v, this.at(key), o);
    return v;
  }
  list<T>(key: string, item: (v: unknown, path: string) => T, def: T[] = []): T[] {
    const v = this.raw[key];
    if (v === undefined || v === null) return def;
    if (!Array.isArray(v)) throw new Invalid(this.at(key), 'must be an array');
    return v.map((x, i) => item(x, join(this.at(key), i)));
  }
  /** A nested object; absent or null gives `undefined` so the caller picks the default. */
  sub(key: string): Fields | undefined {
    const v = this.raw[key];
    if (v === undefined || v === null) return undefined;
    return new Fields(v, this.at(key));
  }
}

function range(n: number, path: string, o: { min?: number; max?: number }) {
  if (o.min !== undefined && n < o.min) throw new Invalid(path, `must be at least ${o.min}`);
  if (o.max !== undefined && n > o.max) throw new Invalid(path, `must be at most ${o.max}`);
}

export function int(v: unknown, path: string, o: { min?: number; max?: number } = {}): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new Invalid(path, 'must be a whole number');
  range(v, path, o);
  return v;
}

export function str(v: unknown, path: string, o: { min?: number; max?: number; oneOf?: readonly string[]; pattern?: RegExp; what?: string } = {}): string {
  if (typeof v !== 'string') throw new Invalid(path, v === undefined ? 'is required' : 'must be a string');
  if (o.oneOf && !o.oneOf.includes(v)) throw new Invalid(path, `must be one of ${o.oneOf.map((x) => `"${x}"`).join(', ')}`);
  if (o.min !== undefined && v.length < o.min) throw new Invalid(path, o.min === 1 ? 'must not be empty' : `must be at least ${o.min} characters`);
  if (o.max !== undefined && v.length > o.max) throw new Invalid(path, `must be at most ${o.max} characters`);
  if (o.pattern && !o.pattern.test(v)) throw new Invalid(path, `must be ${o.what ?? `like ${o.pattern}`}`);
  return v;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
