/**
 * Every named schema, as it appears under `components.schemas` in /openapi.json: the public
 * API's (schemas.ts) and the agent API's (console.ts). A file of its own because console.ts
 * builds on schemas.ts, so neither can hold the other's list.
 */
import { AGENT_SCHEMAS } from './console.ts';
import { PUBLIC_SCHEMAS } from './schemas.ts';

export const SCHEMAS = { ...PUBLIC_SCHEMAS, ...AGENT_SCHEMAS } as const;
export type SchemaName = keyof typeof SCHEMAS;
