export function compressFile(file: string): void;
export function compressDir(dir: string): string[];
export function finishBuild(root: string): string[];
