/** Glossary (glossary.ts): C, POSIX calls, errno constants, open flags, stat fields and signals. `token: plain words`; `#` starts a heading. */
export const C_POSIX = `
# errno constants
ENOENT: missing exist exists nonexistent absent found nosuch
EEXIST: already exists present duplicate collision
EACCES: permission denied access forbidden
EPERM: operation permitted privilege root denied
EINTR: interrupted signal retry system call
EAGAIN: again retry nonblocking unavailable temporarily would block
EWOULDBLOCK: nonblocking would block retry unavailable
EINVAL: invalid argument bad parameter
EBADF: invalid file descriptor closed bad
ENOSPC: disk full space storage left device
ENOMEM: memory allocation failed exhausted
EPIPE: broken pipe reader closed write
ECONNREFUSED: connection refused server listening port
ECONNRESET: connection reset peer dropped closed
ETIMEDOUT: timeout timed connection expired
EADDRINUSE: address port already bound busy
EISDIR: directory instead file expected path
ENOTDIR: directory component path file expected
ENOTEMPTY: directory empty contents remove
EMFILE: too many open files descriptors limit
EBUSY: busy resource device locked
EXDEV: cross device rename link filesystem
ERANGE: range overflow result large
ENOSYS: unimplemented syscall unsupported function missing
errno: error code number system last
strerror: error message text description code
perror: print error message stderr
# open flags and file descriptors
O_RDONLY: read only open mode
O_WRONLY: write only open mode
O_RDWR: read write open mode both
O_CREAT: create file missing new
O_EXCL: exclusive create fail exists already atomic
O_TRUNC: truncate empty overwrite zero length
O_APPEND: append end log add
O_NONBLOCK: nonblocking asynchronous block wait immediately
O_CLOEXEC: close exec descriptor leak child
fsync: flush disk durable forced persist crash power sync
fdatasync: flush data disk durable persist
dup2: duplicate descriptor redirect stdout
fcntl: descriptor flags control lock nonblocking
ioctl: device control terminal driver
lseek: seek offset position file
pread: positional read offset seek thread
ftruncate: resize file length size truncate
mmap: memory map mapped file shared
munmap: unmap memory mapping release
flock: file lock advisory exclusive shared
# filesystem
unlink: delete remove file name
symlink: symbolic link soft create
readlink: symbolic link target resolve
realpath: resolve symlinks canonical absolute path link
mkdir: create directory folder make new
rmdir: remove delete empty directory
chdir: change directory working folder current
getcwd: current working directory folder cwd
opendir: open directory listing entries
readdir: directory entries list next iterate
chmod: permissions mode change access executable
chown: owner ownership group user change
umask: default permissions mask creation mode
stat: metadata file size modified inode
lstat: symbolic link metadata stat
fstat: descriptor metadata size stat
st_size: size bytes file length
st_mtime: modification modified time timestamp changed
st_mode: permissions type mode bits file
st_ino: inode number identity file
S_ISDIR: directory check type mode
S_ISREG: regular file check type mode
S_IRUSR: owner read permission bit
S_IWUSR: owner write permission bit
S_IXUSR: owner execute permission bit
PATH_MAX: path length maximum limit buffer
# processes and environment
execvp: execute program replace process path search
execve: execute program replace process environment
waitpid: wait child process exit status reap
WEXITSTATUS: exit status code child
WIFEXITED: exited normally child status
WIFSIGNALED: killed signal child terminated
getpid: process identifier pid current
getppid: parent process identifier pid
setsid: session daemon detach terminal
EXIT_SUCCESS: success exit status zero
EXIT_FAILURE: failure exit status nonzero error
_exit: exit immediately without cleanup flush
getenv: environment variable lookup value env
setenv: environment variable assign set env
unsetenv: environment variable remove unset delete
# signals
SIGINT: interrupt ctrl keyboard cancel terminal
SIGTERM: terminate graceful shutdown stop kill
SIGKILL: kill force forcibly uncatchable terminate
SIGHUP: hangup reload terminal disconnect configuration
SIGPIPE: broken pipe write closed reader
SIGCHLD: child exited terminated process notification
SIGSEGV: segmentation fault crash memory invalid pointer
SIGALRM: alarm timer timeout expired deadline
SIGUSR1: user defined custom signal
sigaction: signal handler install register
SIG_IGN: ignore signal disregard discard handler
SIG_DFL: default signal action restore
# memory
malloc: allocate memory heap dynamic
calloc: allocate zeroed memory array cleared
realloc: resize memory grow reallocate
memcpy: copy memory bytes buffer
memmove: copy overlapping memory bytes
memset: fill zero memory bytes clear
memcmp: compare memory bytes buffers
sizeof: size bytes type length
# strings and ctype
strlen: length string characters size
strcmp: compare strings equal order
strncmp: compare prefix strings limited length
strcpy: copy string unsafe overflow buffer
strncpy: copy string bounded length buffer
strlcpy: copy string bounded truncate safe
strcat: concatenate append string join combine
snprintf: format string bounded buffer truncate safe
sprintf: format string printf interpolate buffer
printf: print formatted output stdout format
fprintf: print formatted stream stderr file
strchr: character search locate find position
strrchr: last character search locate
strstr: substring search locate contains
strtok: tokenize split delimiter tokens
strdup: duplicate copy string allocate
strtol: parse integer string convert base
strtoul: parse unsigned integer string convert
strtod: parse float double string convert
atoi: parse integer string convert number
isdigit: digit digits numeric number numbers integer
isalpha: letter alphabetic character check
isalnum: alphanumeric letter digit character check
isspace: whitespace blank space tab newline check
toupper: uppercase capital convert character upper
tolower: lowercase convert character case lower
# stdio
fopen: open file stream mode
fclose: close file stream release handle
fgets: read line input buffer
fread: read binary bytes block
fwrite: write binary bytes block
fflush: flush buffer output stream
setvbuf: buffering mode stream unbuffered line
getline: read line input dynamic
stdin: standard input keyboard piped
stdout: standard output console print
stderr: standard error diagnostics messages output
STDIN_FILENO: standard input descriptor zero
isatty: terminal interactive tty console check
fileno: descriptor number stream integer
# time
clock_gettime: clock time nanoseconds precise monotonic
CLOCK_MONOTONIC: steady clock elapsed never backwards
CLOCK_REALTIME: wall clock time epoch
gettimeofday: current time microseconds epoch
nanosleep: sleep nanoseconds pause delay
usleep: sleep microseconds pause delay
localtime: local time convert calendar timezone
gmtime: utc time convert calendar
mktime: calendar epoch convert timestamp
difftime: difference seconds time subtract
# networking
getaddrinfo: resolve hostname dns address lookup
setsockopt: socket options configure reuse timeout
SO_REUSEADDR: reuse address port rebind restart
htons: network byte order endian port
ntohl: network byte order endian convert host
inet_pton: address parse text binary ip
recv: receive data socket bytes
epoll: event polling scalable sockets linux
# numbers and misc
INT_MAX: largest integer maximum limit overflow
SIZE_MAX: largest size maximum limit
isfinite: finite infinity nan check
ceil: round up ceiling integer upward
trunc: truncate toward zero integer fractional
fabs: absolute value float magnitude
fmod: remainder modulo float division
srand: seed random generator initialize initialise
qsort: sort array quick comparator
bsearch: binary search sorted array lookup
static_assert: compile time assertion check
uint8_t: byte unsigned eight bit
size_t: size unsigned length count
ssize_t: signed size result error negative
dlopen: dynamic library load shared plugin
pthread_create: thread create spawn start
pthread_join: thread wait join finish
pthread_mutex_lock: mutex lock acquire critical section
BUFSIZ: buffer size default stream
syslog: system log logging daemon messages
`;
