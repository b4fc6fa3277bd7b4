/** Types of verify-audit-export.mjs for the portal's own tests; the script itself needs none. */
export function canonicalJson(value: unknown): string;
export function contentHashOf(event: {
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}): Buffer;
export function chainHashOf(previous: Buffer, content: Buffer, version: number, streamId: string): Buffer;
export function sealLeafOf(streamId: string, version: number, chainHash: Buffer): Buffer;
export function rootFromProof(
  leaf: Buffer,
  proof: { leafIndex: number; treeSize: number; path: string[] },
): Buffer | null;
export function verifyExport(exported: unknown): {
  ok: boolean;
  reason?: string;
  message?: string;
  redactedEvents?: number;
};
export function verdictText(result: ReturnType<typeof verifyExport>): string;
interface SealLeaf {
  streamId: string;
  version: number;
  chainHash: string;
  leafIndex: number;
  treeSize: number;
  path: string[];
}
/** Throws unless `notInSeal` proves the seal (its leaf count and root) does not cover `streamId`. */
export function verifyAbsence(
  stream: { streamId: string; notInSeal?: { before: SealLeaf | null; after: SealLeaf | null } },
  seal: { streams: number; merkleRoot: string },
): void;
