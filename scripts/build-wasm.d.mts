/** Types of build-wasm.mjs for the test that checks the committed binary (tests/recall/coarse.test.ts). */
export function compileHamming(): Promise<string>;
export function renderModule(base64: string): string;
