// Types of scripts/node.mjs (a plain ES module so that any Node can run it).
export declare const MINIMUM_MAJOR: number;
export declare function majorOf(version: string): number;
export declare function bundledNodeCandidates(projectRoot?: string): string[];
export declare function findNode(
  projectRoot?: string,
): { path: string; version: string } | undefined;
export declare function missingNodeMessage(script?: string): string;
