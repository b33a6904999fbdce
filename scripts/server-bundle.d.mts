export const serverBundle: string;
export function newestMtime(target: string): number;
export function bundleServerIfStale(options?: { onBundle?: () => void }): Promise<void>;
