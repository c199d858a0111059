;; flagctl refs: the stretches of a file between delimiters that could be a flag name, with the
;; delimiters found 16 bytes at a time. It does what the JavaScript loop of find() in
;; scan-core.ts does, in the same order (test/unit/refs-wasm.test.ts compares the two).
;; scripts/wasm.mjs compiles this text into src/refs/delims-wasm.ts.
(module
  (memory (export "memory") 1)
  ;; Where the scan stopped because its output was full: -1 when it reached the end.
  (global $resume (export "resume") (mut i32) (i32.const -1))
  ;; The last delimiter of any character seen: -1 for the start of the file.
  (global $lastAny (export "lastAny") (mut i32) (i32.const -1))

  ;; Scans bytes [pos, n) of the file at base; base + n + 16 must lie in memory. eMax >= 1.
  ;; tables: 16 bytes by a byte's low nibble and 16 by its high nibble, one bit per delimiter
  ;;   character (at most 8), so a byte is a delimiter when both of its entries share a bit.
  ;; last: 256 i32, the last position of each delimiter character (-2 for none yet).
  ;; starts, ends: (eMax + 1) * 256 bytes, 1 where a name of that length starts (ends) with that byte.
  ;; For each delimiter, in order: the stretch since the previous delimiter of its character,
  ;; then the one since the previous delimiter of any character when that came later; a CR
  ;; before a line's end is left out. Each that passes starts and ends is written to out as
  ;; (from, length); at most cap pairs. Returns how many; resume says where to go on from.
  (func (export "scan") (param $base i32) (param $n i32) (param $pos i32) (param $lastAnyIn i32)
      (param $starts i32) (param $ends i32) (param $eMax i32) (param $out i32) (param $cap i32)
      (param $tables i32) (param $last i32) (result i32)
    (local $lo v128) (local $hi v128) (local $nib v128) (local $v v128)
    (local $mask i32) (local $p i32) (local $slot i32) (local $prev i32) (local $any i32)
    (local $cr i32) (local $from i32) (local $to i32) (local $len i32) (local $row i32)
    (local $count i32) (local $at i32) (local $eMax1 i32)
    (local.set $any (local.get $lastAnyIn))
    (local.set $eMax1 (i32.sub (local.get $eMax) (i32.const 1)))
    (global.set $resume (i32.const -1))
    (local.set $lo (v128.load (local.get $tables)))
    (local.set $hi (v128.load offset=16 (local.get $tables)))
    (local.set $nib (i8x16.splat (i32.const 15)))
    (block $stop
      (loop $chunk
        (if (i32.ge_s (local.get $pos) (local.get $n)) (then (br $stop)))
        (local.set $v (v128.load (i32.add (local.get $base) (local.get $pos))))
        (local.set $mask (i8x16.bitmask (i8x16.ne
          (v128.and
            (i8x16.swizzle (local.get $lo) (v128.and (local.get $v) (local.get $nib)))
            (i8x16.swizzle (local.get $hi) (i8x16.shr_u (local.get $v) (i32.const 4))))
          (v128.const i32x4 0 0 0 0))))
        ;; The last chunk: bytes past n are not the file's.
        (if (i32.lt_s (i32.sub (local.get $n) (local.get $pos)) (i32.const 16))
          (then (local.set $mask (i32.and (local.get $mask)
            (i32.sub (i32.shl (i32.const 1) (i32.sub (local.get $n) (local.get $pos))) (i32.const 1))))))
        (block $bitsEnd
          (loop $bits
            (br_if $bitsEnd (i32.eqz (local.get $mask)))
            (local.set $p (i32.add (local.get $pos) (i32.ctz (local.get $mask))))
            (if (i32.gt_s (i32.add (local.get $count) (i32.const 2)) (local.get $cap))
              (then (global.set $resume (local.get $p)) (br $stop)))
            (local.set $at (i32.add (local.get $base) (local.get $p)))
            (local.set $slot (i32.add (local.get $last) (i32.shl (i32.load8_u (local.get $at)) (i32.const 2))))
            (local.set $prev (i32.load (local.get $slot)))
            ;; A line's end after a CR: the CR belongs to it.
            (local.set $cr (i32.and
              (i32.eq (i32.load8_u (local.get $at)) (i32.const 10))
              (i32.and (i32.gt_s (local.get $p) (i32.const 0))
                (i32.eq (i32.load8_u (i32.sub (local.get $at) (i32.const 1))) (i32.const 13)))))
            ;; The stretch since the previous delimiter of the same character.

            (block $same
              (br_if $same (i32.eqz (i32.ge_s (local.get $prev) (i32.const 0))))
              (local.set $from (i32.add (local.get $prev) (i32.const 1)))
              (local.set $to (i32.sub (local.get $p) (i32.and (local.get $cr) (i32.gt_s (local.get $p) (local.get $from)))))
              (local.set $len (i32.sub (local.get $to) (local.get $from)))
              (br_if $same (i32.gt_u (i32.sub (local.get $len) (i32.const 1)) (local.get $eMax1)))
              (local.set $row (i32.shl (local.get $len) (i32.const 8)))
              (br_if $same (i32.eqz (i32.load8_u (i32.add (i32.add (local.get $starts) (local.get $row))
                (i32.load8_u (i32.add (local.get $base) (local.get $from)))))))
              (br_if $same (i32.eqz (i32.load8_u (i32.add (i32.add (local.get $ends) (local.get $row))
                (i32.load8_u (i32.add (local.get $base) (i32.sub (local.get $to) (i32.const 1))))))))
              (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 3))) (local.get $from))
              (i32.store offset=4 (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 3))) (local.get $len))
              (local.set $count (i32.add (local.get $count) (i32.const 1))))
            ;; The stretch since the previous delimiter of any character, when that came later.

            (block $any
              (br_if $any (i32.eqz (i32.gt_s (local.get $any) (local.get $prev))))
              (local.set $from (i32.add (local.get $any) (i32.const 1)))
              (local.set $to (i32.sub (local.get $p) (i32.and (local.get $cr) (i32.gt_s (local.get $p) (local.get $from)))))
              (local.set $len (i32.sub (local.get $to) (local.get $from)))
              (br_if $any (i32.gt_u (i32.sub (local.get $len) (i32.const 1)) (local.get $eMax1)))
              (local.set $row (i32.shl (local.get $len) (i32.const 8)))
              (br_if $any (i32.eqz (i32.load8_u (i32.add (i32.add (local.get $starts) (local.get $row))
                (i32.load8_u (i32.add (local.get $base) (local.get $from)))))))
              (br_if $any (i32.eqz (i32.load8_u (i32.add (i32.add (local.get $ends) (local.get $row))
                (i32.load8_u (i32.add (local.get $base) (i32.sub (local.get $to) (i32.const 1))))))))
              (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 3))) (local.get $from))
              (i32.store offset=4 (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 3))) (local.get $len))
              (local.set $count (i32.add (local.get $count) (i32.const 1))))
            (i32.store (local.get $slot) (local.get $p))
            (local.set $any (local.get $p))
            (local.set $mask (i32.and (local.get $mask) (i32.sub (local.get $mask) (i32.const 1))))
            (br $bits)))
        (local.set $pos (i32.add (local.get $pos) (i32.const 16)))
        (br $chunk)))
    (global.set $lastAny (local.get $any))
    (local.get $count)))
