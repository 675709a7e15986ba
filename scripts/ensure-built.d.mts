export const SERVER_MAIN: string;
export function isBuilt(root: string): boolean;
export function ensureBuilt(root: string, log?: (line: string) => void): boolean;
