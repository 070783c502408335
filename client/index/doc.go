// Package index is the local index of one location: every folder, funnel, step,
// page and redirect seen, each with when it was fetched, kept on disk so the browser
// paints the last known state at once and "go to anything" (and `funnels find`)
// searches the whole location without a request. It knows nothing of terminals.
//
// # Where
//
// One file per profile, location and API: $XDG_CACHE_HOME/funnels/index/PROFILE/
// LOCATION-HASH.db (PathFor; the hash names the base URL), so a profile or location
// switch never mixes two locations' records. The file also records the API and
// location it was built against and is emptied if it ever meets another. A
// session-only index (OpenTemp) lives in a temporary directory that Close removes:
// --no-cache and --demo use one. `funnels cache clear` removes the files (the crawl lock
// and the stamp too), and `funnels logout` the location's.
//
// # The store: bbolt
//
// The file is a bbolt database (go.etcd.io/bbolt): a pure-Go, copy-on-write B+tree in
// one memory-mapped file. It was chosen over SQLite (through modernc.org/sqlite, the
// pure-Go driver) for what this index needs:
//
//   - Crash safety without a journal to replay: a transaction writes new pages and
//     then one of two meta pages, each with a checksum, so a process killed half-way
//     through a write leaves the previous transaction whole; the next open simply
//     sees it.
//   - Speed for this shape of data: records are read by key and by key prefix (a
//     folder's entries, a funnel's pages), which a B+tree serves directly from the
//     mapped file; there is no query to plan. Reading the root folder of a warm index
//     is a few hundred microseconds.
//   - Size and build time: a few thousand lines of Go with one dependency
//     (golang.org/x/sys), where the transpiled SQLite is hundreds of thousands and
//     takes minutes to compile under the race detector.
//
// Two processes share the file by taking turns: every read and every write opens it,
// runs one transaction and closes it (Store.view, Store.update), holding bbolt's file
// lock (shared for reading, exclusive for writing) only for that moment. A crawl
// writes in batches of a quarter second, so a browser started beside `funnels index`
// reads between them.
//
// A file that is not a readable index — not a bbolt file, a bad checksum, a page that
// makes bbolt panic (recovered) — is renamed PATH.damaged and a new one is begun:
// a damaged cache costs a rebuild, never a failure (Store.Notice says so once). A
// record that cannot be decoded reads as absent and is overwritten by the next write.
// A path that is not a regular file (a named pipe, a link, a directory) is looked at
// before it is opened, opened without waiting, and set aside the same way (regular.go).
// A panic is recovered inside the transaction, which is rolled back before the
// database is closed; one that cannot be rolled back is left unclosed (its file
// closed under it), for bbolt's Close would wait for ever on the locks it holds
// (txn.go).
//
// Before bbolt first reads a file, the file is checked page by page (verify.go: every
// page inside the file, every key and value inside its page, keys in order, the free
// list naming no page in use, none twice) — but only in doubt: a write that committed
// stamps the file as whole (PATH.clean: its size, modification time and meta pages;
// stamp.go), and a file still as stamped is not checked again. No stamp, or a file
// changed since — a process killed part way through a write, a change from outside —
// is checked.
//
// # Layout
//
// Buckets: folders and funnels by id (a funnel with its steps), pages by funnel id
// and page id (so one funnel's pages are one prefix), redirects by id, children
// (what each folder holds, each entry's value the row a paint of the folder shows of
// it — a funnel with its steps, in a compact binary form written with the record
// (rows.go) — so a folder is painted from one run of keys without reading a record
// or decoding JSON: a folder of 10,000 funnels in milliseconds),
// listed (when a folder's listing or a step's pages were last read whole), at (when
// each folder and funnel was last seen on the server and each funnel's pages last
// read: seen_at.go), tracked (what each write changed: tracked.go), seen and history
// (the snapshot of the last whole crawl and what each crawl changed), and meta (the
// key, the file's identity, a write counter, the crawl's checkpoint, when the last
// crawl ended). A record is written only when what it says changes, its fetch time
// aside (a funnel's row is compared byte for byte, other records with their fetch
// time set alike): a browser that lists the same 10,000 funnels at every start writes
// their stamps in the at bucket, not the funnels, and what is made of the records
// stays as it was. Records are compact JSON (records.go), each of a bounded size
// (bound.go): texts are cut at 2 KiB on a rune boundary, a funnel keeps the steps a
// record holds, and a record whose id is too long to be one is left out. A stored
// time no index could have written reads as none. Every wait for the file's lock
// ends with the caller's context (open_wait.go).
//
// The catalog (catalog.go) is every item of go to anything and `funnels find` in
// two blobs: the keys searched, end to end in one string, and what shows an item,
// strings that many items share written once. It is kept in a file beside the index
// (PATH.catalog: catalog_file.go), not in it, with the generation of the index it was
// made of and, in a block written in place, the index's stamp and state when it was
// last found current: a reader that finds the index as stamped reads the catalog
// without opening the index (a stat and two small reads of it); any other opens the
// index and, from what the writes since changed (tracked.go), patches the catalog
// (catalog_patch.go: the items of the funnels changed made from their records, the
// folders and redirects when any changed, every other item copied; the same catalog
// a whole build gives) or, when the record of changes does not reach back that far
// (a write by an earlier version, an index emptied), makes it whole from the records;
// a reader that may write keeps what it made. A whole crawl ends by keeping it. The
// items blob is mapped, not read; the keys are copied into memory, or left mapped
// for a reader that holds the catalog while it reads them (MappedCatalog: go to
// anything). ReadCatalogSet (catalog_set.go) reads the catalogs of several indexes
// (one per sub-account) without writing to any, as one list for go to anything across
// sub-accounts: the catalogs' blobs are shared and each item is tagged with its
// catalog's number, two bytes, so a million items cost no allocation each. It reads
// the files side by side, and says of each index its State and whether its catalog
// had to be made (a reader that may write keeps it with WithCatalog).
//
// LookupFunnel (lookup.go) answers one funnel with its steps by id — the service reads
// no funnel by id — from the index with no request, or from the server with the
// fewest (its folder's funnel list narrowed by its name; the list whole only for a
// funnel the index never saw), keeping what the server answered.
//
// # The crawl
//
// Crawler reads the whole location with the fewest requests: the folder tree by
// folder entities (one request per folder, where the token may use them; refused, the
// folders come from the funnels' parentId, named by id), the funnel list 100 at a
// time (each funnel carries its steps, so steps cost nothing), every funnel's pages
// 20 at a time, and the redirects 100 at a time. Its requests go in the client's
// background lane: they take only the tokens of the rate limit a person's requests
// leave, and wait while one of those waits, so the browser stays as quick during a
// crawl as without one. A 429 is waited out inside the client and never reaches the
// crawl.
//
// What a server says of a list is a claim, bounded by what was read: a count lets a
// few pages of the funnel list be asked for ahead, never more; the list ends where
// a page shows it ends (empty, short, or holding only funnels read before) or at a
// cap on pages (lowered by the client's bounds on a list), whatever the count says,
// and a cut is said once in the crawl's notes. A checkpoint read back is bounded the
// same way, so a count a lying server once sent never holds a later crawl. The
// progress moves with every answer, and a crawl that waited for another process's
// reports what the index then holds.
//
// Each batch written carries the crawl's checkpoint (which folders, which pages of
// the funnel list, which funnels' pages are read) in the same transaction, so a crawl
// killed at any point — kill -9 included — resumes where its last batch ended, and
// writes nothing twice (records are keyed by their ids). A crawl that reads the
// location whole removes what it did not find again (deleted on the service) and
// notes when it ended. One crawl runs at a time per index (a lock file beside it);
// another process's crawl is waited for.
//
// # What changed between crawls
//
// HighLevel keeps no history of funnels outside its web app, so the index keeps one.
// The seen bucket is a snapshot of what the last whole crawl saw (snapshot.go): per
// folder, funnel, step and page, keyed by kind and id, a fixed 8-byte digest (FNV-1a)
// of the fields a person sees — name, path, type, folder, domain, sequence, split and
// traffic, archived — followed by those fields. The last write of a whole crawl (the
// sweep) compares every item with it: an equal digest is an item unchanged and costs
// no decode and no write; a different one is a change, old → new from the fields kept;
// an item not seen before is added, one no longer there removed. When what changed
// since the snapshot is known (tracked.go) and no folder changed, only the funnels
// that changed are compared (their steps and pages with them), and the changes come
// out as the whole comparison gives them. The entries that
// differ are written in key order (the first snapshot of a large location fills the
// bucket from its end) and removals are found by walking the bucket beside the sorted
// keys read. What differed is one ChangeSet in the history bucket, numbered (the
// version) and stamped with the crawl's end and the previous one's (changes.go). The
// first crawl is the baseline; a crawl stopped part way never reaches the sweep, so it
// leaves the snapshot and the history as they were. The history keeps the last 20
// versions that found a change, plus the newest whatever it found, each of at most
// 5,000 changes (the rest counted). Changes merges the versions a Since chooses into
// one report, each item once (its first old value, its last new one; gone when it
// came and went or changed back). Locate finds where a change's item sits now, with
// a few reads by key, for the browser to go to it.
//
// # Stale records
//
// What a token can no longer read — a family the access record says is refused, or a
// location refused outright — is kept but shown as stale, not current (StaleKinds).
package index
