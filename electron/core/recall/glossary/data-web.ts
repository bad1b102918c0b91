/** Glossary (glossary.ts): SQL and SQLite, HTTP, config files, CI, Docker and make. `token: plain words`; `#` starts a heading. */
export const DATA_WEB = `
# sql and sqlite
AUTOINCREMENT: increment automatic sequence identifier rowid primary
COALESCE: null default fallback first nonnull
NULLIF: null equal convert division zero
IFNULL: null default fallback replace
UPSERT: insert update conflict exists merge
PRAGMA: sqlite settings configuration options
journal_mode: sqlite journal wal rollback mode
foreign_keys: foreign key enforcement constraint sqlite
busy_timeout: lock wait timeout busy retry database
user_version: schema version migration number
ROWID: row identifier key implicit
last_insert_rowid: inserted identifier id row new
CURRENT_TIMESTAMP: current time now date timestamp
COLLATE: collation case insensitive sort order compare
NOCASE: case insensitive compare collation
ROLLBACK: undo transaction abort revert
SAVEPOINT: nested transaction partial rollback
CASCADE: delete dependent children foreign propagate
ROW_NUMBER: row numbering rank position window
json_extract: json field path extract query
group_concat: concatenate aggregate join strings group
utf8mb4: full unicode emoji mysql charset
# http
ETag: cache version conditional fingerprint
NOT_FOUND: missing absent nonexistent resource status
BAD_REQUEST: invalid malformed client input status
UNAUTHORIZED: unauthenticated login credentials missing token status
TOO_MANY_REQUESTS: rate limit throttle quota exceeded retry
INTERNAL_SERVER_ERROR: server crash failure unexpected status
SERVICE_UNAVAILABLE: overloaded maintenance down retry unavailable
GATEWAY_TIMEOUT: upstream timeout proxy slow
NO_CONTENT: empty body response success
MOVED_PERMANENTLY: redirect moved permanent location
NOT_MODIFIED: cache unchanged conditional etag
UNPROCESSABLE_ENTITY: validation invalid semantic input
keepalive: persistent connection reuse idle
CORS: cross origin browser requests allowed
preflight: options request cors browser check
# ci, docker, make
workflow_dispatch: manual trigger workflow run button
pull_request: pull request trigger event review
GITHUB_TOKEN: token authentication github permissions secret
GITHUB_OUTPUT: step output variables pass
GITHUB_ENV: environment variables steps persist
ENTRYPOINT: container command start executable
WORKDIR: working directory container folder
HEALTHCHECK: health probe container alive liveness
dockerignore: ignore files build context exclude
PHONY: fake target always rebuild command file
MAKEFLAGS: make options jobs parallel
# java and kotlin
NullPointerException: null pointer dereference crash missing
IllegalArgumentException: invalid argument bad parameter
IllegalStateException: invalid state wrong order
ArrayIndexOutOfBoundsException: index bounds outside array
ConcurrentModificationException: modified iterating concurrent collection
StringBuilder: string building append concatenate efficient
equalsIgnoreCase: case insensitive compare equal
hashCode: hash code object equality
compareTo: compare ordering less greater
currentTimeMillis: milliseconds epoch timestamp current
nanoTime: nanoseconds timing elapsed monotonic
orElse: default fallback missing value
ofNullable: null optional wrap missing
synchronized: lock thread mutual exclusion monitor
AtomicInteger: atomic counter thread increment
ConcurrentHashMap: concurrent thread safe map
ExecutorService: thread pool executor tasks
CompletableFuture: async future promise composition
CountDownLatch: wait threads count barrier
assertThrows: exception expected throws assert test
assertEquals: equal assert expected actual
Mockito: mock stubs fake testing
ArrayList: list dynamic array resizable
lateinit: initialize initialise later deferred property
coerceIn: clamp range bounds limit
coerceAtLeast: minimum clamp lower floor
# csharp, ruby, php
IDisposable: dispose cleanup resources release
TryParse: parse safe failure convert number
ConfigureAwait: async context synchronization continuation
attr_accessor: getter setter attribute property
frozen_string_literal: immutable strings frozen constant magic
htmlspecialchars: escape html xss entities
array_key_exists: key exists array check
json_encode: json serialize serialise encode
json_decode: json parse decode deserialize
isset: defined null variable exists check
`;
