export const serverBundle: string;
export function newestMtime(target: string): number;
export function bundleServerIfStale(): Promise<void>;
