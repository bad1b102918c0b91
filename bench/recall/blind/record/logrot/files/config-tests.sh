
# config file: two logs, only the big one rotates
fresh
head -c 100 /dev/zero >a.log
printf 'x\n' >b.log
cat >logrot.conf <<CONF
# two logs
path $T/a.log
size 50
keep 2

path $T/b.log
size 1M
mode copytruncate
CONF
"$LOGROT" -f logrot.conf >/dev/null
check "config: big log rotated" test -e a.log.1
check "config: small log left alone" test ! -e b.log.1

# config errors are usage errors and name the line
fresh
printf '# a typo on line 4\npath /tmp/x.log\nsize 10M\nsise 5\n' >bad.conf
msg=$("$LOGROT" -f bad.conf 2>&1)
check "config: bad config exits 2" test $? -eq 2
check "config: error names the line" test "$msg" = "logrot: bad.conf:4: unknown key 'sise'"

# dry run says what it would do and touches nothing
fresh
head -c 100 /dev/zero >app.log
out=$("$LOGROT" -n -s 50 app.log)
check "dry run: says what it would do" test "$out" = "would rotate app.log"
check "dry run: nothing moved" test ! -e app.log.1
