;; Hamming distances for the coarse vector search (coarse.ts). The binary is hamming-wasm.ts,
;; made from this file by `node scripts/build-wasm.mjs` (tests/recall/coarse.test.ts checks they match).
;;
;; scan(q, base, n, words, out): for each of the n rows of `words` 64-bit words stored from `base`,
;; out[i] (u16) = the number of bits in which the row differs from the `words` words at `q`.
(module
  (import "env" "memory" (memory 1))
  (func (export "scan") (param $q i32) (param $base i32) (param $n i32) (param $words i32) (param $out i32)
    (local $i i32) (local $w i32) (local $p i32) (local $qp i32) (local $d i64)
    (local.set $p (local.get $base))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $d (i64.const 0))
        (local.set $w (i32.const 0))
        (local.set $qp (local.get $q))
        (block $row
          (loop $each
            (br_if $row (i32.ge_u (local.get $w) (local.get $words)))
            (local.set $d
              (i64.add (local.get $d)
                (i64.popcnt (i64.xor (i64.load (local.get $p)) (i64.load (local.get $qp))))))
            (local.set $p (i32.add (local.get $p) (i32.const 8)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 8)))
            (local.set $w (i32.add (local.get $w) (i32.const 1)))
            (br $each)))
        (i32.store16
          (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 1)))
          (i32.wrap_i64 (local.get $d)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $rows)))))
