/** Glossary (glossary.ts): Rust and its standard library. `token: plain words`; `#` starts a heading. */
export const RUST = `
# integer arithmetic and overflow
saturating_sub: subtract minus clamp zero negative underflow below floor wrap
saturating_add: add clamp maximum overflow ceiling limit cap
checked_add: overflow add detect none safe
checked_sub: underflow subtract negative detect none safe
checked_mul: overflow multiply detect none safe
checked_div: division zero divide safe none
wrapping_add: wrap overflow modular around add
wrapping_sub: wrap underflow modular around subtract
overflowing_add: overflow flag detect wrap add
abs_diff: absolute difference distance subtract unsigned
rem_euclid: modulo remainder positive negative euclidean wrap
leading_zeros: bits zeros count leading highest
count_ones: bits popcount population set count
to_le_bytes: little endian bytes serialize serialise
from_be_bytes: big endian bytes network decode
try_from: fallible conversion convert checked overflow
try_into: fallible conversion convert checked overflow narrowing
transmute: reinterpret cast bits unsafe type convert
# option and result
unwrap: panic none error crash assume
unwrap_or: default fallback none value missing
unwrap_or_default: default fallback none zero empty
unwrap_or_else: fallback lazy closure default none
ok_or: option result convert error none
ok_or_else: option result error lazy none
map_err: error convert transform wrap
and_then: chain flatmap option result sequence
is_some: present value option check
is_none: missing absent empty option check
is_ok: success result check succeeded passed
is_err: failure error result check
unwrap_err: error extract test panic
as_ref: reference borrow convert view cheap
as_deref: deref borrow option string
filter_map: filter transform skip none
anyhow: error handling context application
thiserror: error derive enum custom library
with_context: error context message annotate lazy
bail: early return error abort macro
unimplemented: stub placeholder todo panic missing
debug_assert: assertion debug only release checks
assert_eq: equal assert expected actual test compare
assert_ne: unequal different assert test
should_panic: test expects panic crash failure
catch_unwind: panic catch recover unwind
# collections and iterators
HashMap: hash map dictionary keys values lookup
BTreeMap: ordered sorted map keys tree
HashSet: set unique distinct deduplicate membership
BTreeSet: ordered sorted set unique
VecDeque: double ended queue ring buffer deque
BinaryHeap: priority queue heap max largest
or_insert: default missing insert entry map
or_insert_with: default missing insert lazy entry
or_default: default missing insert entry zero
contains_key: key exists present map check
get_mut: mutable reference lookup modify
with_capacity: preallocate capacity reserve allocation size
dedup: duplicates remove consecutive unique deduplicate
sort_unstable: sort fast unstable order
sort_by_key: sort key field order
sort_by: sort comparator custom order
binary_search: binary search sorted lookup position
iter_mut: iterate mutable modify elements
into_iter: iterate consuming ownership move
peekable: peek lookahead next iterator
take_while: prefix condition stop iterator
skip_while: skip prefix condition iterator
flat_map: flatten map nested iterator
max_by_key: maximum largest key compare
min_by_key: minimum smallest key compare
partial_cmp: compare ordering float partial
total_cmp: float compare ordering total nan sort
# strings
to_owned: clone owned copy string
to_string: convert string display format
as_str: string slice borrow reference
trim_end: trailing whitespace remove strip
strip_prefix: remove prefix leading starts
strip_suffix: remove suffix trailing ends
split_whitespace: words whitespace tokens tokenize separate
split_once: split first separator pair key value
char_indices: characters indices positions unicode byte
from_utf8: bytes string utf decode validate
from_utf8_lossy: bytes string invalid utf replace lossy decode
to_ascii_lowercase: lowercase lower case convert ascii
eq_ignore_ascii_case: case insensitive compare equal ascii
is_ascii_digit: digit numeric number check ascii
from_str: parse string convert text decode
println: print stdout output line console
eprintln: print stderr error output line
# ownership, memory and concurrency
RefCell: interior mutability borrow runtime mutable
Mutex: lock mutual exclusion thread shared synchronize synchronise
RwLock: readers writers lock shared concurrent
AtomicUsize: atomic counter thread lockfree shared
fetch_add: atomic increment counter add
compare_exchange: atomic compare swap cas
SeqCst: sequential consistency memory ordering atomic
OnceLock: lazy initialize initialise once global static
OnceCell: lazy initialize initialise once cell
lazy_static: global static lazy initialize initialise
thread_local: thread local storage per
PhantomData: marker type unused generic parameter
Deref: dereference pointer smart auto
JoinHandle: thread handle wait join result
mpsc: channel producer consumer message send
crossbeam: channels concurrency threads scoped
rayon: parallel iterator threads cores data
par_iter: parallel iterate threads cores
tokio: async runtime await tasks
block_on: async blocking run future wait
spawn_blocking: blocking thread offload async
join_all: wait futures concurrent all
# time
as_millis: milliseconds duration convert integer elapsed
as_secs_f64: seconds float duration convert
SystemTime: wall clock time epoch timestamp
UNIX_EPOCH: epoch unix timestamp seconds
duration_since: elapsed difference duration time
from_millis: milliseconds duration create timeout interval
# files and processes
read_to_string: read file contents string whole
create_dir_all: create directory nested recursive parents
remove_dir_all: delete directory recursive remove tree
read_dir: list directory entries files
canonicalize: absolute resolve symlinks path canonical
OpenOptions: open file options append create truncate
BufReader: buffered reading read efficient lines
BufWriter: buffered writing write efficient flush
read_line: read line input stdin
write_all: write bytes complete entire all
sync_all: flush disk durable persist
PathBuf: owned path file directory
# testing, benchmarking and derive
black_box: optimise optimize optimized compiler away eliminate benchmark dead
bench_function: benchmark measure function timing
proptest: property based testing random inputs generate
quickcheck: property testing random inputs generate
PartialEq: equality compare derive equal
PartialOrd: ordering compare derive less greater
serde: serialization serialisation json deserialize deserialise
Deserialize: parse decode input struct json derive
skip_serializing_if: omit field skip optional serialization
rename_all: field names case camel snake rename serialization
clap: command line arguments parser cli flags
env_logger: logging env verbosity level
thread_rng: random generator thread local rng
gen_range: random number range between integer
reqwest: http client request fetch
serde_json: json serialize serialise parse
to_string_pretty: pretty json indented format
`;
