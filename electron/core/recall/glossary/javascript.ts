/** Glossary (glossary.ts): JavaScript, TypeScript, Node.js and web APIs. `token: plain words`; `#` starts a heading. */
export const JAVASCRIPT = `
# errors and process events
RangeError: range invalid bounds length value outside
SyntaxError: parse syntax invalid malformed json
ReferenceError: undefined variable declared missing scope
AbortController: cancel abort request timeout signal stop
AbortSignal: cancel abort timeout signal request
unhandledRejection: unhandled promise rejection error uncaught async
uncaughtException: uncaught exception crash error process
# files and paths (node)
readFileSync: read file contents synchronous blocking load
writeFileSync: write file save synchronous blocking contents
readFile: read file contents whole load async
writeFile: write file save contents whole
appendFileSync: append file add end log
existsSync: file exists check present path
mkdirSync: create directory folder synchronous recursive
readdirSync: list directory entries files contents
statSync: file metadata size modified stat
createReadStream: stream read file chunks large
createWriteStream: stream write file chunks output
unlinkSync: delete remove file synchronous erase
rmSync: remove delete directory recursive force
mkdtempSync: temporary directory folder unique create
tmpdir: temporary directory folder system temp environment location
homedir: home directory user folder
fileURLToPath: url file path convert module
extname: extension suffix file name
isAbsolute: absolute path check rooted
# processes and scheduling
execSync: run command shell synchronous output
spawnSync: spawn process synchronous command child
execFile: run executable command child process
child_process: child process spawn command external
exitCode: exit status code process result
hrtime: high resolution time nanoseconds timing benchmark
nextTick: defer microtask callback before next event loop
setImmediate: defer callback next iteration event loop
setTimeout: delay timer later schedule wait milliseconds
setInterval: repeat periodic timer interval schedule
clearTimeout: cancel timer timeout stop
clearInterval: cancel stop repeating timer periodic
queueMicrotask: microtask defer schedule promise callback
requestAnimationFrame: animation frame render repaint browser smooth
promisify: callback promise convert async
worker_threads: threads worker parallel cpu background
# time
getTime: milliseconds epoch timestamp date number
toISOString: iso date string format utc serialize serialise
getTimezoneOffset: timezone offset minutes utc local
toLocaleDateString: locale date format localized localised display
toLocaleString: locale format localized localised number date thousands
# random and crypto
randomUUID: unique identifier uuid random guid id
getRandomValues: cryptographic secure random bytes entropy
randomBytes: random bytes secure token cryptographic
randomInt: random integer secure range
createHash: hash digest sha checksum
createHmac: hmac signature keyed hash verify
timingSafeEqual: constant time compare timing attack secure
# strings and numbers
toUpperCase: uppercase capital capitalize capitalise upper letters
toLowerCase: lowercase lower letters case normalize normalise
localeCompare: compare locale alphabetical collation order strings
padStart: pad leading zeros width left padding
padEnd: pad trailing width right padding
trimStart: trim leading whitespace left strip
trimEnd: trim trailing whitespace right strip
replaceAll: replace every occurrence global substitute
indexOf: position index search locate substring element
lastIndexOf: last position index search occurrence
charCodeAt: character code unicode number ascii
fromCharCode: character code string convert unicode ascii
codePointAt: code point unicode character emoji
toFixed: decimal places round rounding fixed digits
toPrecision: significant digits precision rounding
parseInt: parse integer string number convert radix
parseFloat: parse float decimal number string convert
isNaN: nan number invalid check numeric
isInteger: integer whole number check
isSafeInteger: safe integer precision large exceed
MAX_SAFE_INTEGER: largest integer precision limit maximum safe
EPSILON: float tolerance precision smallest difference compare
BigInt: arbitrary precision large integer big
Intl: internationalization internationalisation locale formatting
NumberFormat: number formatting locale currency thousands separator
DateTimeFormat: date formatting locale timezone display
toString: string convert representation text
valueOf: primitive value convert number
# encoding
encodeURIComponent: url encode escape percent query
decodeURIComponent: url decode unescape percent
encodeURI: url encode escape full
URLSearchParams: query string parameters url parse build
TextEncoder: encode utf bytes string
TextDecoder: decode utf bytes string
btoa: base encode binary ascii string
atob: base decode ascii string binary
stringify: serialize serialise json string convert
structuredClone: deep copy clone object nested duplicate
zlib: compression gzip deflate compress
gzipSync: gzip compress compression bytes
# objects and collections
fromEntries: object from pairs convert entries map
hasOwnProperty: own property key exists check object
hasOwn: property key exists own object check
defineProperty: property getter setter define configure
isArray: array check type list
flatMap: map flatten nested arrays
findIndex: index position search first matching
findLast: last matching search reverse element
forEach: loop iterate each element array
toSorted: sorted copy immutable mutating
WeakMap: weak references keys garbage collector
allSettled: promises results failures wait all regardless
asyncIterator: async iteration stream await loop
globalThis: global object scope window universal
__proto__: prototype inheritance chain object
instanceof: instance class prototype check type
typeof: type check runtime kind
# typescript
readonly: immutable property assignment constant
keyof: keys type union property names
ReturnType: function return type infer
NonNullable: null undefined exclude type
strictNullChecks: null undefined strict type checking
noImplicitAny: implicit types strict typing
compilerOptions: typescript compiler settings configuration
# binary and http
XMLHttpRequest: http request ajax browser
FormData: form multipart upload fields submit
Blob: binary data file object bytes large
ArrayBuffer: binary buffer bytes raw memory
Uint8Array: bytes binary array unsigned raw
DataView: binary bytes endian read buffer
createServer: http server listen port start
statusCode: http status response code result
setHeader: http header response set
writeHead: http status headers response write
EventEmitter: events emit listeners subscribe publish
# browser dom
addEventListener: event listener handler subscribe click callback
removeEventListener: unsubscribe event listener remove handler
preventDefault: prevent default browser behavior behaviour cancel form submit
stopPropagation: stop bubbling event propagation parent
querySelector: select element css selector dom
querySelectorAll: select elements css selector dom all
getElementById: element dom lookup identifier
innerHTML: html content markup inject element xss
textContent: text content element dom safe
localStorage: browser storage persist local save
sessionStorage: browser storage session tab temporary
WebSocket: realtime bidirectional socket connection push
MutationObserver: observe dom changes mutations watch
IntersectionObserver: visible viewport scroll lazy observe
postMessage: message window worker cross communicate
# testing
toEqual: equal deep compare assert expected
toBe: strict equal identical assert same
toStrictEqual: strict deep equal undefined properties
toThrow: throws exception error expected assert
toHaveBeenCalled: mock called invoked spy
toHaveBeenCalledWith: mock called arguments spy verify
toMatchSnapshot: snapshot compare stored output regression
beforeEach: setup before each test fixture
afterEach: cleanup after each test teardown
beforeAll: setup once before tests fixture
afterAll: teardown cleanup once after tests
spyOn: spy mock watch calls track
mockResolvedValue: mock promise resolve async stub
useFakeTimers: fake timers mock clock control
strictEqual: strict equal assert identical compare
deepStrictEqual: deep equal assert compare objects
# packages and tooling
devDependencies: development dependencies packages build test only
peerDependencies: peer dependencies host compatible plugin
eslint: lint linter style checks warnings
`;
