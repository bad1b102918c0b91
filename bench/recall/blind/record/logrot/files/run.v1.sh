#!/bin/sh
# logrot tests: every case runs in a fresh temp dir. Prints PASS/FAIL per check and a summary;
# exits 1 if any check failed.
LOGROT="$(pwd)/logrot"
pass=0
fail=0
dirs=""

check() { # NAME COMMAND...: PASS if the command succeeds
    name=$1
    shift
    if "$@"; then
        pass=$((pass + 1))
        echo "PASS $name"
    else
        fail=$((fail + 1))
        echo "FAIL $name"
    fi
}

fresh() {
    T=$(mktemp -d)
    dirs="$dirs $T"
    cd "$T" || exit 1
}

# under the limit nothing happens
fresh
printf 'small\n' >app.log
"$LOGROT" -s 1K app.log
check "under the limit: no rotation" test ! -e app.log.1

# at the limit the log moves to .1 and an empty one takes its place, same mode
fresh
head -c 2048 /dev/zero >app.log
chmod 640 app.log
"$LOGROT" -s 2K app.log >/dev/null
check "at the limit: moved to .1" test "$(wc -c <app.log.1)" -eq 2048
check "at the limit: new log is empty" test ! -s app.log
check "new log keeps the mode" test "$(stat -c %a app.log)" = 640

# generations shift in order and the one past -k is dropped
fresh
for gen in 1 2 3 4; do
    printf 'gen%s\n' "$gen" >app.log
    "$LOGROT" -s 1 -k 3 app.log >/dev/null
done
check "generations in order" test "$(cat app.log.1 app.log.2 app.log.3 2>/dev/null)" = "$(printf 'gen4\ngen3\ngen2')"
check "oldest dropped past -k" test ! -e app.log.4

# usage errors exit 2
fresh
"$LOGROT" -s 10X app.log 2>/dev/null
check "bad size is a usage error" test $? -eq 2

rm -rf $dirs
echo "$((pass + fail)) tests, $fail failed"
[ "$fail" -eq 0 ]
