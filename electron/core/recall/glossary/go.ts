/** Glossary (glossary.ts): Go and its standard library. `token: plain words`; `#` starts a heading. */
export const GO = `
# errors and context
Errorf: error format wrap message fail
ErrNotExist: missing file exist nonexistent absent found
IsNotExist: missing file exist nonexistent absent check
ErrUnexpectedEOF: truncated short incomplete input premature end
WithTimeout: timeout deadline cancel context limit
WithCancel: cancel context stop propagate
WithDeadline: deadline timeout context cancel
DeadlineExceeded: timeout deadline expired timed
# concurrency
WaitGroup: wait goroutines finish group join
goroutine: lightweight thread concurrent background
chan: channel message send receive
RWMutex: readers writers lock shared
errgroup: goroutines errors group wait cancel
AddInt64: atomic increment counter add
CompareAndSwap: atomic compare swap cas
GOMAXPROCS: cores threads parallel cpus limit
Gosched: yield scheduler goroutine cooperative reschedule
NumGoroutine: goroutines count leak number
# time
NewTicker: periodic ticker interval repeat timer
NewTimer: timer delay timeout single
UnixNano: nanoseconds epoch timestamp integer time
UnixMilli: milliseconds epoch timestamp integer time
RFC3339: timestamp iso format date standard
ParseDuration: duration parse string seconds
# strings and conversion
HasPrefix: prefix starts begins check
HasSuffix: suffix ends check extension
TrimSpace: whitespace trim strip leading trailing
TrimPrefix: remove prefix leading strip
TrimSuffix: remove suffix trailing strip
EqualFold: case insensitive compare equal
SplitN: split limit parts count
WriteString: append string buffer builder
strconv: string conversion number parse
Itoa: integer string convert number
ParseBool: boolean parse string true false
FormatInt: integer string base radix convert
RuneCountInString: characters count unicode length runes
rune: character unicode codepoint letter glyph
# files and os
MkdirAll: create directory nested recursive parents
RemoveAll: delete directory recursive remove tree
OpenFile: open file flags mode permissions
ReadAll: read entire whole contents stream
bufio: buffered reading writing io
NewScanner: scanner read lines input
filepath: file path manipulation separator
WalkDir: walk directory tree recursive traverse
LookupEnv: environment variable present unset check lookup
CombinedOutput: stdout stderr output combined capture
# net and encoding
ListenAndServe: http server listen port start serve
HandleFunc: route handler http register path
ResponseWriter: http response write output handler
StatusOK: status success http response ok
StatusNotFound: missing absent http status resource
NewRequest: http request create build
NewRequestWithContext: http request context cancel timeout
Marshal: serialize serialise json encode struct
Unmarshal: parse deserialize deserialise json decode
MarshalIndent: pretty json indented format
NewDecoder: json decode stream reader
omitempty: omit empty field skip optional json
EncodeToString: hex encode string bytes
StdEncoding: base standard encoding encode decode
QueryEscape: url encode escape percent query
DialTimeout: connect timeout network dial tcp
SetDeadline: socket timeout deadline connection read write
# testing and tooling
Fatalf: fail stop test message error
TempDir: temporary directory folder test scratch
ResetTimer: benchmark timer reset exclude setup
ReportAllocs: allocations memory benchmark report
httptest: http test server fake recorder
NewRecorder: http response recorder test capture
iota: enum constants increment sequence
GOPATH: workspace path modules packages directory
GOOS: target operating system platform cross compile
GOARCH: target architecture cpu cross compile platform
SliceStable: stable sort order preserve
StringVar: command line flag option bind
slog: structured logging levels fields json
Intn: random integer number range
MaxInt64: largest integer maximum limit
pprof: profiling cpu memory performance profile
gofmt: formatting format style code
`;
