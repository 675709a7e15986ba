/**
 * The failure of a value a person wrote (a config field, a request field): `Invalid` carries
 * the field's path and the problem, and its message reads `bots[0].allowed_domains[1]: must
 * be a string`. Schemas decide what is wrong (validate.ts); this is how it is said.
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

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
