/**
 * The coarse stage of a large vector search, in memory: every vector's binary quantization (1 bit
 * per dimension, as sqlite-vec's `vec_quantize_binary` packs it), scanned by Hamming distance in
 * WebAssembly (`i64.popcnt`, hamming.wat), then the k nearest picked by counting. sqlite-vec's own
 * bit-vector KNN reads its chunks from the database on every query (100k × 768 bits: 5 ms of CPU at
 * k 1, 8.8 ms at k 40); this scan of the same bits takes about half a millisecond.
 *
 * Memory: dimensions / 8 bytes per vector, rounded up to 8 (768 dimensions: 96 bytes; 100k vectors
 * ≈ 9.6 MB, 1M ≈ 96 MB), held only while embeddings are on and the index is past EXACT_FLOATS.
 * Layout of the WebAssembly memory: the query (QUERY_BYTES), the rows, then the distances (u16).
 */
import { HAMMING_WASM } from './hamming-wasm.js';

const PAGE = 65_536;
/** Room for the query: 8,192 dimensions. */
const QUERY_BYTES = 1024;

interface Scan {
  scan(q: number, base: number, n: number, words: number, out: number): void;
}

/** What this file uses of the WebAssembly global (Node's types declare it without the DOM lib). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Memory: new (d: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: { env: { memory: WasmMemory } }) => { exports: unknown };
}
const Wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let module: object | null = null;

export class CoarseIndex {
  /** Bytes per row: the packed bits, padded to whole 64-bit words. */
  readonly rowBytes: number;
  private readonly memory = new Wasm.Memory({ initial: 1 });
  private readonly fn: Scan;
  private capacity = 0;
  private n = 0;
  private keys = new Float64Array(0);
  /** key → row; built on the first change after a bulk load (1M entries take ~0.1 s). */
  private slotMap: Map<number, number> | null = new Map();

  constructor(readonly bitBytes: number) {
    if (bitBytes <= 0 || bitBytes > QUERY_BYTES) throw new RangeError(`unsupported vector size ${bitBytes}`);
    this.rowBytes = Math.ceil(bitBytes / 8) * 8;
    module ??= new Wasm.Module(Buffer.from(HAMMING_WASM, 'base64'));
    const instance = new Wasm.Instance(module, { env: { memory: this.memory } });
    this.fn = instance.exports as unknown as Scan;
  }

  get size(): number {
    return this.n;
  }

  /**
   * Replaces the contents with `n` rows read elsewhere (a worker thread: coarse-load.ts): `keys[i]`
   * and the bits of row i at `bits[i * rowBytes]`, rows padded to `rowBytes` as here.
   */
  load(n: number, keys: Float64Array, bits: Uint8Array): void {
    if (bits.length < n * this.rowBytes || keys.length < n) throw new RangeError('short rows');
    this.n = 0;
    this.grow(Math.max(1024, n));
    new Uint8Array(this.memory.buffer, QUERY_BYTES, n * this.rowBytes).set(
      bits.subarray(0, n * this.rowBytes),
    );
    this.keys.set(keys.subarray(0, n));
    this.n = n;
    this.slotMap = null;
  }

  private slots(): Map<number, number> {
    if (!this.slotMap) {
      this.slotMap = new Map();
      for (let i = 0; i < this.n; i++) this.slotMap.set(this.keys[i]!, i);
    }
    return this.slotMap;
  }

  /** Adds or replaces the bits of `key`. */
  set(key: number, bits: Uint8Array): void {
    if (bits.length !== this.bitBytes)
      throw new RangeError(`expected ${this.bitBytes} bytes, got ${bits.length}`);
    const slots = this.slots();
    let slot = slots.get(key);
    if (slot === undefined) {
      if (this.n === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
      slot = this.n++;
      slots.set(key, slot);
      this.keys[slot] = key;
    }
    const row = new Uint8Array(this.memory.buffer, QUERY_BYTES + slot * this.rowBytes, this.rowBytes);
    row.fill(0);
    row.set(bits);
  }

  /** Removes `key` (the last row takes its place). */
  delete(key: number): void {
    const slots = this.slots();
    const slot = slots.get(key);
    if (slot === undefined) return;
    slots.delete(key);
    const last = --this.n;
    if (slot !== last) {
      const bytes = new Uint8Array(this.memory.buffer);
      const from = QUERY_BYTES + last * this.rowBytes;
      bytes.copyWithin(QUERY_BYTES + slot * this.rowBytes, from, from + this.rowBytes);
      const moved = this.keys[last]!;
      this.keys[slot] = moved;
      slots.set(moved, slot);
    }
  }

  /** The keys of the k rows nearest to `bits` by Hamming distance, nearest first (ties: any order). */
  nearest(bits: Uint8Array, k: number): number[] {
    if (this.n === 0 || k <= 0) return [];
    if (bits.length !== this.bitBytes)
      throw new RangeError(`expected ${this.bitBytes} bytes, got ${bits.length}`);
    const q = new Uint8Array(this.memory.buffer, 0, this.rowBytes);
    q.fill(0);
    q.set(bits);
    const out = QUERY_BYTES + this.capacity * this.rowBytes;
    this.fn.scan(0, QUERY_BYTES, this.n, this.rowBytes / 8, out);
    const dist = new Uint16Array(this.memory.buffer, out, this.n);
    // Counting selection: the distance below which at least k rows lie, then those rows.
    const counts = new Uint32Array(this.bitBytes * 8 + 2);
    for (let i = 0; i < this.n; i++) counts[dist[i]!]!++;
    let limit = 0;
    for (let seen = 0; limit < counts.length && seen < k; limit++) seen += counts[limit]!;
    const picked: Array<[number, number]> = [];
    for (let i = 0; i < this.n; i++) if (dist[i]! < limit) picked.push([dist[i]!, i]);
    picked.sort((a, b) => a[0] - b[0]);
    return picked.slice(0, k).map(([, slot]) => this.keys[slot]!);
  }

  private grow(capacity: number): void {
    // Rows and the distances after them; the distances are scratch and need no copying.
    const need = QUERY_BYTES + capacity * (this.rowBytes + 2);
    const have = this.memory.buffer.byteLength;
    if (need > have) this.memory.grow(Math.ceil((need - have) / PAGE));
    const keys = new Float64Array(capacity);
    keys.set(this.keys.subarray(0, this.n));
    this.keys = keys;
    this.capacity = capacity;
  }
}
