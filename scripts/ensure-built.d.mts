export function ensureBuilt(root: string, log?: (line: string) => void): boolean;
