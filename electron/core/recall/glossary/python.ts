/** Glossary (glossary.ts): Python and its standard library. `token: plain words`; `#` starts a heading. */
export const PYTHON = `
# errors and exceptions
FileNotFoundError: missing file exist nonexistent absent path found
FileExistsError: already exists present duplicate overwrite clobber collision
PermissionError: denied permission access forbidden allowed unauthorized rights
IsADirectoryError: directory folder instead file path wrong
KeyError: missing key dictionary lookup absent mapping found
IndexError: index bounds outside position list past end
ValueError: invalid value bad wrong argument conversion parse
TypeError: wrong type mismatch argument invalid kind
AttributeError: missing attribute member property method undefined object
ZeroDivisionError: divide division zero denominator arithmetic
OverflowError: overflow large huge exceed limit numeric
RecursionError: recursion depth deep stack limit infinite
StopIteration: iterator exhausted done finished next end
KeyboardInterrupt: interrupt ctrl cancel user abort terminal signal
TimeoutError: timeout timed expired deadline slow wait
ConnectionRefusedError: refused connect server listening port down network
ConnectionResetError: connection reset peer dropped closed network
BrokenPipeError: broken pipe reader closed write output
NotImplementedError: abstract unimplemented stub placeholder override subclass
UnicodeDecodeError: decode encoding bytes invalid utf charset corrupt
UnicodeEncodeError: encode encoding character unsupported ascii charset
JSONDecodeError: json parse invalid malformed syntax decode
CalledProcessError: subprocess command failed nonzero exit status code
TimeoutExpired: subprocess timeout timed deadline kill hung
raise_for_status: http status error failed response check exception
format_exc: traceback stack trace exception string message
print_exc: traceback stack trace exception output stderr
ExitStack: context managers multiple cleanup dynamic combine
contextmanager: context with block generator decorator setup teardown
# files and paths
is_file: file regular check exists path
is_dir: directory folder check exists path
makedirs: create directory folder nested recursive parents intermediate
exist_ok: already exists ignore error directory idempotent tolerate
rmtree: delete remove directory recursive folder tree wipe
copyfile: copy file duplicate contents clone
copy2: copy file metadata timestamps preserve duplicate
copytree: copy directory recursive folder tree duplicate
listdir: list directory entries files contents folder
scandir: iterate directory entries files fast listing stat
iterdir: iterate directory entries children files listing
glob: pattern wildcard match files star expansion
rglob: recursive pattern wildcard match files subdirectories
fnmatch: wildcard pattern match filename shell star
abspath: absolute full path resolve normalize normalise
expanduser: home tilde directory user expand
splitext: extension suffix filename separate strip
read_text: read file contents string text whole
write_text: write file contents string text save
read_bytes: read file binary contents bytes raw
write_bytes: write binary bytes file save raw
with_suffix: change extension replace filename suffix
relative_to: relative path base strip prefix
getsize: size bytes file length large
getmtime: modified modification time timestamp file changed
NamedTemporaryFile: temporary temp file scratch delete automatic
TemporaryDirectory: temporary temp directory folder scratch cleanup automatic
mkdtemp: temporary temp directory folder create unique
gettempdir: temporary temp directory location system folder
tempfile: temporary temp scratch file directory
disk_usage: disk space free usage capacity full
# processes and environment
subprocess: run command process spawn external shell child
check_output: run command capture output stdout result
check_call: run command fail error nonzero exit
returncode: exit status code result process success failure
Popen: spawn process child background pipe launch command
capture_output: capture stdout stderr output record collect
DEVNULL: discard output silence ignore null quiet
shlex: shell quoting escape tokenize arguments parse
argv: arguments command line parameters args cli
environ: environment variables env config setting
cpu_count: cores cpus processors parallel number threads
atexit: shutdown exit cleanup hook handler register termination
setrecursionlimit: recursion depth limit stack deep
maxsize: largest integer maximum limit size
# time
monotonic: clock steady elapsed duration never backwards timing
perf_counter: timing benchmark elapsed precise resolution clock duration measure
perf_counter_ns: nanoseconds timing benchmark precise clock elapsed integer
time_ns: nanoseconds epoch timestamp current wall clock
process_time: cpu time process usage user system
strftime: format date time string pattern output
strptime: parse date time string pattern convert
fromisoformat: parse iso date time string convert
isoformat: iso date string format serialize serialise timestamp
fromtimestamp: epoch unix seconds convert date time
utcnow: current utc time date deprecated naive
timedelta: duration interval difference days hours offset
tzinfo: timezone zone offset aware naive utc
astimezone: convert timezone zone local utc offset
# random and ids
randint: random integer number between inclusive
randrange: random integer number range step
token_hex: random secure token hexadecimal secret cryptographic
token_urlsafe: random secure token secret url cryptographic
SystemRandom: cryptographic secure random entropy unpredictable
uuid4: unique identifier random uuid guid id
getrandbits: random bits integer number
urandom: random bytes secure entropy cryptographic
compare_digest: constant timing attack compare secure equal
# strings
startswith: prefix begins starts check string
endswith: suffix ends check string extension
removeprefix: strip prefix remove leading beginning
removesuffix: strip suffix remove trailing ending
splitlines: lines newline break text separate
rpartition: split last separator right occurrence
rsplit: split right last separator limit
lstrip: trim leading whitespace left remove
rstrip: trim trailing whitespace right newline remove
casefold: case insensitive compare lowercase unicode fold
isnumeric: numeric number digits check unicode
zfill: pad zeros leading width padding left
ljust: pad align left width padding
rjust: pad align right width padding
maketrans: character mapping translation table replace
textwrap: wrap text width lines paragraph indent
dedent: indentation remove leading whitespace multiline
isinstance: type check class instance kind
issubclass: subclass inheritance class check derived
getattr: attribute dynamic lookup default property reflection
setattr: attribute dynamic assign property reflection
hasattr: attribute exists check property has
# numbers
isclose: approximately equal float tolerance compare nearly
divmod: quotient remainder division integer modulo
fsum: float sum precise accurate rounding accumulate
bit_length: bits number size width integer
from_bytes: bytes integer convert endian decode
to_bytes: integer bytes convert endian encode
# collections and functional
defaultdict: default dictionary missing key automatic initialize initialise
OrderedDict: ordered dictionary insertion order preserve
namedtuple: tuple fields named record struct
deque: queue double ended fast append pop
heapq: heap priority queue smallest minimum
heappush: heap priority queue insert push
heappop: heap priority queue smallest remove pop
nlargest: largest top biggest highest maximum
nsmallest: smallest lowest minimum bottom
bisect_left: binary search sorted insertion position
insort: insert sorted order binary keep
setdefault: default missing key insert dictionary initialize initialise
most_common: frequent frequency count top popular
itertools: iterators combinations permutations chaining tools
from_iterable: flatten chain nested iterables concatenate
groupby: group consecutive key aggregate bucket
islice: slice iterator first limit take
zip_longest: zip pad uneven different lengths fill
lru_cache: memoize memoise cache results function decorator
cached_property: property computed once lazy memoize memoise
total_ordering: comparison ordering methods class generate
dataclass: data class fields boilerplate record struct
asdict: dataclass dictionary convert serialize serialise
frozenset: immutable set hashable frozen
enumerate: index counter loop position number
deepcopy: deep copy clone nested independent duplicate
weakref: weak reference garbage collector cycle
importlib: dynamic import module load plugin
TypedDict: typed dictionary keys schema shape
TYPE_CHECKING: type checking import circular static only
# concurrency
ThreadPoolExecutor: thread pool parallel concurrent workers tasks
ProcessPoolExecutor: process pool parallel multiprocessing workers cores
as_completed: completion order futures results finished
asyncio: async asynchronous coroutine event loop await
create_task: task schedule background coroutine concurrent
wait_for: timeout await deadline cancel coroutine
run_in_executor: blocking thread offload executor async
Semaphore: limit concurrency permits slots simultaneous counter
RLock: reentrant lock recursive mutex same thread
multiprocessing: processes parallel cores workers fork
# networking and encoding
urlopen: http request fetch download url
urlparse: parse url components host scheme path
urlencode: query string encode parameters form
quote_plus: url encode escape percent spaces plus
unquote: url decode percent unescape
urljoin: url resolve relative base combine
gethostname: hostname machine name computer host
b64encode: base encode binary text ascii
b64decode: base decode binary text ascii
urlsafe_b64encode: base url safe encode binary
hexlify: hex hexadecimal encode bytes
ensure_ascii: unicode escape ascii non json characters
sort_keys: sorted keys deterministic stable json order
safe_load: yaml parse secure untrusted load
pickle: serialize serialise binary objects persist
# hashing
hashlib: hash digest checksum sha
sha256: hash digest checksum fingerprint secure
hexdigest: hash hex string digest checksum
hmac: signature keyed hash authenticate message verify
crc32: checksum crc integrity corruption hash
# testing and benchmarking
assertEqual: equal assert expected actual compare test
assertRaises: exception raises expected throws error test
assertAlmostEqual: float approximately equal tolerance places
assertIn: contains member membership assert
tearDown: cleanup after each test finalize fixture
setUpClass: once before all tests class fixture
pytest: test runner framework tests unit
parametrize: parameterized parameterised multiple inputs cases table
monkeypatch: patch replace override mock environment temporarily
tmp_path: temporary directory test folder scratch
capsys: capture stdout stderr output test
MagicMock: mock fake stub double magic
assert_called_once_with: mock called arguments verify once
side_effect: mock raise exception sequence return
return_value: mock return stub fake result
approx: approximately float tolerance close equal
xfail: expected failure known broken test
skipif: skip conditional platform test disable
timeit: benchmark timing measure repeat performance speed
cProfile: profile profiling performance hotspots slow
tracemalloc: memory allocation tracking leak profile
doctest: docstring examples test documentation
# logging and cli
getLogger: logger named logging instance module
basicConfig: logging configure setup level format
setLevel: level verbosity debug info threshold
StreamHandler: console stderr output handler logging
ArgumentParser: command line arguments options parse cli flags
add_argument: option flag argument cli parameter define
parse_args: parse command line arguments flags options
store_true: boolean flag switch option
add_subparsers: subcommands commands cli nested
nargs: arguments count multiple variadic values
# dunder methods
__main__: script entry point main module run directly
__init__: constructor initialize initialise instance create
__repr__: representation debug string display
__eq__: equality compare equal objects
__hash__: hashable hash dictionary key set
__enter__: context manager with setup enter
__exit__: context manager cleanup teardown with
__slots__: memory attributes fixed restrict
__all__: exports public wildcard import
`;
