#!/bin/sh
# MemTray sync through git: commits this machine's segments, merges the other machines', pushes.
# Usage: memtray-git-sync.sh <sync folder>   (a clone of the shared repository; see docs/how-to/sync.md)
# Run it from cron, a systemd timer or launchd every few minutes. MemTray writes only
# memtray/<its machine id>/, so the merge never has a conflict in MemTray's files; a merge (not a
# rebase) also works while MemTray is appending, as it leaves this machine's files alone.
set -eu
cd "$1"
if [ -d memtray ]; then git add -A memtray; fi
git diff --cached --quiet || git commit -q -m "memtray: $(hostname)"
# Another machine pushed first: merge what it pushed, then push again (once).
git pull -q --no-rebase --ff --no-edit
git push -q || { git pull -q --no-rebase --ff --no-edit && git push -q; }
