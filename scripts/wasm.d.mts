/** The TypeScript module src/refs/delims-wasm.ts for a .wat text (delims.wat by default). */
export function delimsModuleText(watText?: string): Promise<string>;
