// The web-platform globals that both Node and browsers have: the only globals shared/ may use
// (its tsconfig has no Node types and no DOM), declared as far as shared/ uses them.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
declare function atob(data: string): string;
declare function btoa(data: string): string;
