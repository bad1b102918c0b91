/** Glossary (glossary.ts): bash, coreutils and the common command-line tools. `token: plain words`; `#` starts a heading. */
export const SHELL = `
# special variables
PIPESTATUS: pipeline exit status codes each command
BASH_SOURCE: script path location file sourced
LINENO: line number current script debug
FUNCNAME: function name stack current
OLDPWD: previous directory last back folder
BASH_REMATCH: regex match groups captured
EPOCHSECONDS: epoch timestamp seconds unix
EUID: effective user root privileges identifier
LD_LIBRARY_PATH: shared libraries search path dynamic loader
LC_ALL: locale override language sorting encoding
# shell options
errexit: exit error fail stop immediately
nounset: unset undefined variable error
pipefail: pipeline failure exit status error
xtrace: trace debug commands echo print
noclobber: overwrite prevent redirect protect existing
nullglob: glob empty matches expand nothing
globstar: recursive glob pattern double star
extglob: extended glob pattern matching
shopt: shell options enable disable
# builtins
getopts: options flags parse arguments command
mapfile: read lines array file
readarray: read lines array file input
pushd: push directory stack change
popd: pop directory stack return
ulimit: resource limits file descriptors memory
nohup: hangup background survive logout detached
disown: detach background job shell
shebang: interpreter first line script
heredoc: multiline inline input document
# coreutils and findutils
mktemp: temporary temp file directory unique create
basename: filename last component strip directory name
dirname: parent directory folder containing path
xargs: arguments pipe input command batch
uniq: unique duplicates deduplicate adjacent count
grep: search pattern regex text match lines
mtime: modification time age older days
maxdepth: depth limit recursion levels nested
iname: case insensitive filename match pattern
gsub: replace global substitute all occurrences
to_entries: object pairs keys values convert
sha256sum: checksum hash verify integrity
md5sum: checksum hash verify integrity
printenv: environment variables show print
whoami: current user name identity
hostname: machine computer host name
uname: kernel system operating platform architecture
nproc: cores cpus processors count number
pgrep: process search pid name find
pkill: kill processes name signal
killall: kill processes name all
lsof: open files ports descriptors listening process
sudo: root superuser privileges administrator elevated
crontab: scheduled jobs periodic cron
systemctl: service daemon start stop systemd
journalctl: logs systemd service journal
envsubst: substitute environment variables template
# network and archives
curl: http request download fetch url
wget: download fetch url http
rsync: sync copy remote incremental mirror
gzip: compress compression archive deflate shrink
gunzip: decompress uncompress extract gzip
unzip: extract archive decompress zip
base64: encode decode binary text ascii
openssl: certificate tls encryption keys crypto
# debugging and tools
shellcheck: lint shell script static analysis
strace: trace system calls debug syscalls
valgrind: memory leaks debugging checker
hyperfine: benchmark command timing compare
# git
rebase: rewrite history commits replay branch onto
bisect: binary search regression commit culprit bug
reflog: history recover lost commits reset undo
gitignore: ignore untracked files exclude patterns
submodule: nested repository dependency external
worktree: multiple checkouts working directory branches
`;
