// FolderGate's folder listing for the search engine's crawl (Linux, Node-API).
//
// It lists folders and stats every entry in them, one call for many: what the walker otherwise does
// with one readdir and one lstat call per entry from JavaScript, which costs about twice what the
// system calls themselves cost (issue 20, E5). It changes nothing about what is read or how
// safely: each folder is opened by name in its parent's descriptor without following a link
// (O_NOFOLLOW) and listed through a copy of that descriptor (open_listing), every entry is
// stat'ed by name relative to it without following a link (AT_SYMLINK_NOFOLLOW), and no path is
// ever looked up from the root again. Everything else (order, excludes, depth, links, names that
// are not UTF-8) stays in JavaScript (search/native-list.ts, engine/src/native-crawl.ts).
//
// - listBatch(parentFds, names, callback): folders listed on a thread of libuv's pool (below);
// - list(fd): one folder, listed now, by the same code;
// - trim(): the C heap's free memory given back after a crawl;
// - statBelow(rootFd, rels): a server's check of the engine's matches (below);
// - firstChanged(base, rels, sinceMs): whether a kept scan's folders are unchanged (below).
// Stats are six numbers per entry: status (0 stat'ed, 1 gone, 2 could not be stat'ed), size, and
// the seconds and nanoseconds of the modified and the created time, as libuv's statx gives them to
// Node (so JavaScript computes the very milliseconds fs.lstatSync gives). Names are decoded as
// UTF-8 by V8, as Node's readdir decodes them; a name that is not UTF-8 is flagged.
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <node_api.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/openat2.h>

enum {
  KIND_UNKNOWN = 0,
  KIND_FILE = 1,
  KIND_DIR = 2,
  KIND_LINK = 3,
  KIND_FIFO = 4,
  KIND_SOCKET = 5,
  KIND_CHAR = 6,
  KIND_BLOCK = 7,
};

enum { STAT_OK = 0, STAT_GONE = 1, STAT_FAILED = 2 };

#define STATS_PER_ENTRY 6

static unsigned char kind_of_dtype(unsigned char t) {
  switch (t) {
    case DT_REG: return KIND_FILE;
    case DT_DIR: return KIND_DIR;
    case DT_LNK: return KIND_LINK;
    case DT_FIFO: return KIND_FIFO;
    case DT_SOCK: return KIND_SOCKET;
    case DT_CHR: return KIND_CHAR;
    case DT_BLK: return KIND_BLOCK;
    default: return KIND_UNKNOWN;
  }
}

static unsigned char kind_of_mode(unsigned int mode) {
  if (S_ISREG(mode)) return KIND_FILE;
  if (S_ISDIR(mode)) return KIND_DIR;
  if (S_ISLNK(mode)) return KIND_LINK;
  if (S_ISFIFO(mode)) return KIND_FIFO;
  if (S_ISSOCK(mode)) return KIND_SOCKET;
  if (S_ISCHR(mode)) return KIND_CHAR;
  if (S_ISBLK(mode)) return KIND_BLOCK;
  return KIND_UNKNOWN;
}

static const char *errno_name(int e) {
  switch (e) {
    case EACCES: return "EACCES";
    case EPERM: return "EPERM";
    case ENOENT: return "ENOENT";
    case ENOTDIR: return "ENOTDIR";
    case ELOOP: return "ELOOP";
    case EMFILE: return "EMFILE";
    case ENFILE: return "ENFILE";
    case ENOMEM: return "ENOMEM";
    case EIO: return "EIO";
    case EBADF: return "EBADF";
    case ESTALE: return "ESTALE";
    case ENOSYS: return "ENOSYS";
    default: return "EIO";
  }
}

static napi_value throw_errno(napi_env env, int e, const char *what) {
  napi_value code, message, error;
  napi_create_string_utf8(env, errno_name(e), NAPI_AUTO_LENGTH, &code);
  char text[160];
  strncpy(text, errno_name(e), sizeof text - 1);
  text[sizeof text - 1] = '\0';
  strncat(text, ": ", sizeof text - strlen(text) - 1);
  strncat(text, strerror(e), sizeof text - strlen(text) - 1);
  strncat(text, ", ", sizeof text - strlen(text) - 1);
  strncat(text, what, sizeof text - strlen(text) - 1);
  napi_create_string_utf8(env, text, NAPI_AUTO_LENGTH, &message);
  napi_create_error(env, code, message, &error);
  napi_set_named_property(env, error, "code", code);
  napi_throw(env, error);
  return NULL;
}

typedef struct {
  unsigned char *kinds;
  double *stats;
  size_t count;
  size_t capacity;
} Listing;

static int grow(Listing *l) {
  size_t capacity = l->capacity == 0 ? 64 : l->capacity * 2;
  unsigned char *kinds = realloc(l->kinds, capacity);
  if (kinds == NULL) return 0;
  l->kinds = kinds;
  double *stats = realloc(l->stats, capacity * STATS_PER_ENTRY * sizeof(double));
  if (stats == NULL) return 0;
  l->stats = stats;
  l->capacity = capacity;
  return 1;
}

static napi_value typed(napi_env env, napi_typedarray_type type, const void *from, size_t bytes,
                        size_t length) {
  void *data = NULL;
  napi_value buffer, array;
  if (napi_create_arraybuffer(env, bytes, &data, &buffer) != napi_ok) return NULL;
  if (bytes > 0) memcpy(data, from, bytes);
  if (napi_create_typedarray(env, type, length, buffer, 0, &array) != napi_ok) return NULL;
  return array;
}

// An entry's stats as given to JavaScript; `ok` false: errno says why there are none.
static void fill_stats(double *s, int ok, const struct statx *sx) {
  if (!ok) {
    s[0] = (errno == ENOENT || errno == ENOTDIR) ? STAT_GONE : STAT_FAILED;
    s[1] = s[2] = s[3] = s[4] = s[5] = 0;
    return;
  }
  s[0] = STAT_OK;
  s[1] = (double)sx->stx_size;
  s[2] = (double)sx->stx_mtime.tv_sec;
  s[3] = (double)sx->stx_mtime.tv_nsec;
  s[4] = (double)sx->stx_btime.tv_sec;
  s[5] = (double)sx->stx_btime.tv_nsec;
}

// A listing of the folder open at `fd` through a copy of the descriptor (closed with the listing),
// from its first entry. Not "." opened in it: that lookup needs search permission on the folder,
// which a folder whose names may be read without it (mode r--) does not give, and Node's readdir
// lists such a folder. Nothing else reads through these descriptors, so the shared read position
// is the listing's alone.
static DIR *open_listing(int fd) {
  int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (own < 0) return NULL;
  DIR *dir = fdopendir(own);
  if (dir == NULL) {
    int e = errno;
    close(own);
    errno = e;
    return NULL;
  }
  rewinddir(dir);
  return dir;
}

// ---- listBatch: folders listed on a thread of libuv's pool --------------------------------------
//
// listBatch(parentFds, names, callback) lists, off the JavaScript thread, each folder `names[i]` of
// the folder open at `parentFds[i]` (an empty name: that folder itself; a path, "." or ".." is
// refused with a TypeError, as are arguments of other types). A folder is opened by name
// in its parent's descriptor without following a link (O_NOFOLLOW), as the walker opens it, and
// stays open: its descriptor is returned so that its own folders can be listed through it later
// (the caller closes it). callback(results) gets:
//   [errors Int32Array (0, or the errno of opening or reading the folder), fds Int32Array (-1 when
//    it failed), starts Uint32Array (entry range of folder i: starts[i] .. starts[i+1]),
//    names string[], kinds Uint8Array (KIND_*, plus INVALID_NAME when the name is not UTF-8),
//    stats Float64Array (STATS_PER_ENTRY per entry), folderStats
//    Float64Array (the same for each folder itself, read as it was listed)]

#define INVALID_NAME 0x80

/** True when the bytes are well-formed UTF-8 (what a fatal TextDecoder accepts). */
static int is_utf8(const unsigned char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    unsigned char c = s[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    size_t need;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) need = 1;
    else if (c == 0xE0) { need = 2; lo = 0xA0; }
    else if (c >= 0xE1 && c <= 0xEC) need = 2;
    else if (c == 0xED) { need = 2; hi = 0x9F; }
    else if (c >= 0xEE && c <= 0xEF) need = 2;
    else if (c == 0xF0) { need = 3; lo = 0x90; }
    else if (c >= 0xF1 && c <= 0xF3) need = 3;
    else if (c == 0xF4) { need = 3; hi = 0x8F; }
    else return 0;
    if (i + need >= n) return 0; // cut short
    if (s[i + 1] < lo || s[i + 1] > hi) return 0;
    for (size_t k = 2; k <= need; k++)
      if (s[i + k] < 0x80 || s[i + k] > 0xBF) return 0;
    i += need + 1;
  }
  return 1;
}

typedef struct {
  // requests
  size_t count;
  int *parent_fds;
  char **request_names;
  // results
  int *errors;
  int *fds;
  uint32_t *starts;
  double *folder_stats;  // STATS_PER_ENTRY per folder: its own, read as it is listed
  char *bytes;
  size_t bytes_used, bytes_cap;
  uint32_t *name_at;  // offset of each entry's name in bytes (NUL-terminated)
  Listing entries;
  int out_of_memory;
  napi_async_work work;
  napi_ref callback;
} Batch;

static int add_name(Batch *b, const char *name, size_t n) {
  if (b->bytes_used + n + 1 > b->bytes_cap) {
    size_t cap = b->bytes_cap == 0 ? 1 << 16 : b->bytes_cap * 2;
    while (cap < b->bytes_used + n + 1) cap *= 2;
    char *bytes = realloc(b->bytes, cap);
    if (bytes == NULL) return 0;
    b->bytes = bytes;
    b->bytes_cap = cap;
  }
  memcpy(b->bytes + b->bytes_used, name, n + 1);
  return 1;
}

static void list_one(Batch *b, size_t r) {
  const char *name = b->request_names[r];
  // The folder itself (an empty name): a copy of its descriptor, which needs no permission.
  int fd = name[0] == '\0' ? fcntl(b->parent_fds[r], F_DUPFD_CLOEXEC, 0)
                            : openat(b->parent_fds[r], name,
                                     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    b->errors[r] = errno;
    return;
  }
  // The folder's own stats, read now: its entry's were read with its parent's listing, and
  // whatever changed in it since then and before the caller watched it is in this listing and
  // these times, not in an event.
  struct statx own;
  fill_stats(b->folder_stats + r * STATS_PER_ENTRY,
             statx(fd, "", AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW, 0xFFF, &own) == 0, &own);
  DIR *dir = open_listing(fd);
  if (dir == NULL) {
    b->errors[r] = errno;
    close(fd);
    return;
  }
  size_t first = b->entries.count;
  for (;;) {
    errno = 0;
    struct dirent *e = readdir(dir);
    if (e == NULL) {
      if (errno != 0) b->errors[r] = errno;
      break;
    }
    const char *n = e->d_name;
    if (n[0] == '.' && (n[1] == '\0' || (n[1] == '.' && n[2] == '\0'))) continue;
    size_t len = strlen(n);
    Listing *l = &b->entries;
    if (l->count == l->capacity) {
      if (!grow(l)) {
        b->out_of_memory = 1;
        break;
      }
      uint32_t *name_at = realloc(b->name_at, l->capacity * sizeof(uint32_t));
      if (name_at == NULL) {
        b->out_of_memory = 1;
        break;
      }
      b->name_at = name_at;
    }
    if (!add_name(b, n, len)) {
      b->out_of_memory = 1;
      break;
    }
    b->name_at[l->count] = (uint32_t)b->bytes_used;
    b->bytes_used += len + 1;
    unsigned char kind = kind_of_dtype(e->d_type);
    double *s = l->stats + l->count * STATS_PER_ENTRY;
    struct statx sx;
    int ok = statx(fd, n, AT_SYMLINK_NOFOLLOW, 0xFFF, &sx) == 0;
    if (ok && kind == KIND_UNKNOWN) kind = kind_of_mode(sx.stx_mode);
    fill_stats(s, ok, &sx);
    if (!is_utf8((const unsigned char *)n, len)) kind |= INVALID_NAME;
    l->kinds[l->count] = kind;
    l->count++;
  }
  closedir(dir);
  if (b->out_of_memory) b->errors[r] = ENOMEM;
  if (b->errors[r] != 0) {
    // A folder that could not be read whole lists nothing (the walker counts it unreadable).
    b->entries.count = first;
    close(fd);
    return;
  }
  b->fds[r] = fd;
}

static void batch_execute(napi_env env, void *data) {
  (void)env;
  Batch *b = data;
  for (size_t r = 0; r < b->count; r++) {
    b->starts[r] = (uint32_t)b->entries.count;
    if (b->out_of_memory) b->errors[r] = ENOMEM;
    else list_one(b, r);
  }
  b->starts[b->count] = (uint32_t)b->entries.count;
}

static void batch_free(Batch *b);

// A batch of `count` requests with room for their results; NULL when memory ran out.
static Batch *batch_new(size_t count) {
  Batch *b = calloc(1, sizeof(Batch));
  if (b == NULL) return NULL;
  b->count = count;
  b->parent_fds = calloc(count + 1, sizeof(int));
  b->request_names = calloc(count + 1, sizeof(char *));
  b->errors = calloc(count + 1, sizeof(int));
  b->fds = malloc((count + 1) * sizeof(int));
  b->starts = calloc(count + 1, sizeof(uint32_t));
  b->folder_stats = calloc((count + 1) * STATS_PER_ENTRY, sizeof(double));
  if (!b->parent_fds || !b->request_names || !b->errors || !b->fds || !b->starts ||
      !b->folder_stats) {
    batch_free(b);
    return NULL;
  }
  for (size_t r = 0; r < count; r++) b->fds[r] = -1;
  return b;
}

static void batch_free(Batch *b) {
  for (size_t r = 0; r < b->count; r++) free(b->request_names[r]);
  free(b->request_names);
  free(b->parent_fds);
  free(b->errors);
  free(b->fds);
  free(b->starts);
  free(b->folder_stats);
  free(b->bytes);
  free(b->name_at);
  free(b->entries.kinds);
  free(b->entries.stats);
  free(b);
}

static napi_value batch_values(napi_env env, const Batch *b);

static void batch_complete(napi_env env, napi_status status, void *data) {
  Batch *b = data;
  napi_value callback, global, result = NULL;
  napi_get_reference_value(env, b->callback, &callback);
  napi_get_global(env, &global);
  if (status == napi_ok) {
    result = batch_values(env, b);
  } else {
    // Cancelled: nothing was read, and nothing is left open.
    napi_get_null(env, &result);
  }
  napi_delete_reference(env, b->callback);
  napi_delete_async_work(env, b->work);
  batch_free(b);
  napi_call_function(env, global, callback, 1, &result, NULL);
}

// What a batch read, as JavaScript values (see the top of this section).
static napi_value batch_values(napi_env env, const Batch *b) {
  size_t n = b->entries.count;
  napi_value names, result;
  napi_create_array_with_length(env, n, &names);
  for (size_t i = 0; i < n; i++) {
    napi_value text;
    napi_create_string_utf8(env, b->bytes + b->name_at[i], NAPI_AUTO_LENGTH, &text);
    napi_set_element(env, names, (uint32_t)i, text);
  }
  napi_create_array_with_length(env, 7, &result);
  napi_set_element(env, result, 0,
                   typed(env, napi_int32_array, b->errors, b->count * sizeof(int), b->count));
  napi_set_element(env, result, 1,
                   typed(env, napi_int32_array, b->fds, b->count * sizeof(int), b->count));
  napi_set_element(env, result, 2,
                   typed(env, napi_uint32_array, b->starts, (b->count + 1) * sizeof(uint32_t),
                         b->count + 1));
  napi_set_element(env, result, 3, names);
  napi_set_element(env, result, 4, typed(env, napi_uint8_array, b->entries.kinds, n, n));
  napi_set_element(env, result, 5,
                   typed(env, napi_float64_array, b->entries.stats,
                         n * STATS_PER_ENTRY * sizeof(double), n * STATS_PER_ENTRY));
  napi_set_element(env, result, 6,
                   typed(env, napi_float64_array, b->folder_stats,
                         b->count * STATS_PER_ENTRY * sizeof(double), b->count * STATS_PER_ENTRY));
  return result;
}

static napi_value ListBatch(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  napi_typedarray_type type;
  size_t count = 0;
  void *fds_data = NULL;
  uint32_t names_length = 0;
  napi_valuetype callback_type;
  if (argc < 3 ||
      napi_get_typedarray_info(env, argv[0], &type, &count, &fds_data, NULL, NULL) != napi_ok ||
      type != napi_int32_array || napi_get_array_length(env, argv[1], &names_length) != napi_ok ||
      names_length != count || napi_typeof(env, argv[2], &callback_type) != napi_ok ||
      callback_type != napi_function) {
    napi_throw_type_error(env, NULL, "listBatch(Int32Array fds, string[] names, callback)");
    return NULL;
  }
  Batch *b = batch_new(count);
  if (b == NULL) return throw_errno(env, ENOMEM, "listBatch");
  // An empty (or detached) Int32Array has no data pointer, and memcpy from NULL is undefined even
  // for 0 bytes (the sanitized run caught it: engine/test/fast-list-sanitized.int.test.ts).
  if (count > 0) memcpy(b->parent_fds, fds_data, count * sizeof(int));
  for (size_t r = 0; r < count; r++) {
    napi_value item;
    size_t len = 0;
    if (napi_get_element(env, argv[1], (uint32_t)r, &item) != napi_ok ||
        napi_get_value_string_utf8(env, item, NULL, 0, &len) != napi_ok) {
      batch_free(b);
      napi_throw_type_error(env, NULL, "listBatch: names must be strings");
      return NULL;
    }
    b->request_names[r] = malloc(len + 1);
    if (b->request_names[r] == NULL) {
      batch_free(b);
      return throw_errno(env, ENOMEM, "listBatch");
    }
    napi_get_value_string_utf8(env, item, b->request_names[r], len + 1, &len);
    // One entry of its folder, never a path: openat would walk "a/b" or "..", and take "/etc" as
    // is, and a NUL would cut the name short. The walker only asks for names it listed.
    const char *n = b->request_names[r];
    if (strlen(n) != len || strchr(n, '/') != NULL || strcmp(n, ".") == 0 || strcmp(n, "..") == 0) {
      batch_free(b);
      napi_throw_type_error(env, NULL, "listBatch: a name is one entry of its folder, not a path");
      return NULL;
    }
  }
  napi_value resource_name;
  napi_create_string_utf8(env, "foldergate.listBatch", NAPI_AUTO_LENGTH, &resource_name);
  napi_create_reference(env, argv[2], 1, &b->callback);
  if (napi_create_async_work(env, NULL, resource_name, batch_execute, batch_complete, b,
                             &b->work) != napi_ok ||
      napi_queue_async_work(env, b->work) != napi_ok) {
    napi_delete_reference(env, b->callback);
    batch_free(b);
    return throw_errno(env, ENOMEM, "listBatch");
  }
  return NULL;
}

// list(fd): the folder open at `fd` listed now, on this thread, by the same code as a batch of
// one (its descriptor's copy closed again): what listBatch gives, or the errno thrown. The walker
// uses it for folders that appear while the engine runs (search/native-list.ts).
static napi_value List(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  int32_t fd;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 1 ||
      napi_get_value_int32(env, argv[0], &fd) != napi_ok || fd < 0) {
    napi_throw_type_error(env, NULL, "list(fd): a folder descriptor is required");
    return NULL;
  }
  Batch *b = batch_new(1);
  if (b != NULL) b->request_names[0] = calloc(1, 1);
  if (b == NULL || b->request_names[0] == NULL) {
    if (b != NULL) batch_free(b);
    return throw_errno(env, ENOMEM, "list");
  }
  b->parent_fds[0] = fd;
  batch_execute(env, b);
  if (b->fds[0] >= 0) close(b->fds[0]);
  int error = b->errors[0];
  napi_value result = error == 0 ? batch_values(env, b) : NULL;
  batch_free(b);
  if (error != 0) return throw_errno(env, error, "readdir");
  return result;
}

// trim() gives the C heap's free memory back to the system (glibc's malloc_trim): the batches'
// buffers are freed as they are read, but a heap keeps what it once held unless trimmed.
static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
#ifdef __GLIBC__
  napi_get_boolean(env, malloc_trim(0) != 0, &result);
#else
  napi_get_boolean(env, false, &result);
#endif
  return result;
}

// statBelow(rootFd, rels): each '/'-separated path below the folder open at `rootFd` stat'ed
// without following a link anywhere on its way, for a server's check of the engine's matches
// (search/verify-matches.ts). The path's folder is opened in one call with openat2 and
// RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS (a link, a '..' or a way out
// anywhere on it fails: the kernel's own guarantee, what the slower check proves by reading the
// opened folder's path back), consecutive paths in one folder share its descriptor, and the entry
// is stat'ed by name there (AT_SYMLINK_NOFOLLOW). Seven numbers per path: status (0 stat'ed,
// 1 gone, 2 could not be stat'ed, 3 a link or a way out on its way, or a name that cannot be
// one), kind (the listing's kinds), size, and the seconds and
// nanoseconds of the modified and the created time. Throws ENOSYS where the kernel has no openat2
// (Linux before 5.6, or a sandbox that forbids it): the caller then checks the slower way.
enum { BELOW_PER_PATH = 7, BELOW_REFUSED = 3 };

static napi_value StatBelow(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  int32_t root;
  bool is_array = false;
  uint32_t n = 0;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 2 ||
      napi_get_value_int32(env, argv[0], &root) != napi_ok || root < 0 ||
      napi_is_array(env, argv[1], &is_array) != napi_ok || !is_array ||
      napi_get_array_length(env, argv[1], &n) != napi_ok) {
    napi_throw_type_error(env, NULL, "statBelow(rootFd, rels): a descriptor and paths are required");
    return NULL;
  }
  double *out = calloc((size_t)n * BELOW_PER_PATH + 1, sizeof(double));
  char *path = NULL, *folder = NULL;
  size_t cap = 0;
  int dir = -1, dir_error = 0, thrown = 0;
  if (out == NULL) return throw_errno(env, ENOMEM, "statBelow");
  for (uint32_t i = 0; i < n && !thrown; i++) {
    double *s = out + (size_t)i * BELOW_PER_PATH;
    napi_value item;
    size_t len = 0;
    if (napi_get_element(env, argv[1], i, &item) != napi_ok ||
        napi_get_value_string_utf8(env, item, NULL, 0, &len) != napi_ok) {
      s[0] = BELOW_REFUSED;
      continue;
    }
    if (len + 1 > cap) {
      char *grown = realloc(path, len + 1);
      if (grown == NULL) {
        thrown = ENOMEM;
        break;
      }
      path = grown;
      cap = len + 1;
    }
    napi_get_value_string_utf8(env, item, path, cap, &len);
    char *slash = strrchr(path, '/');
    const char *name = slash == NULL ? path : slash + 1;
    // A NUL inside the string would stat a shorter path; an absolute path is not below the root;
    // an empty name, '.' or '..' is no entry.
    if (strlen(path) != len || path[0] == '/' || *name == '\0' || strcmp(name, ".") == 0 ||
        strcmp(name, "..") == 0) {
      s[0] = BELOW_REFUSED;
      continue;
    }
    int at = root;
    if (slash != NULL) {
      *slash = '\0';
      if (folder == NULL || strcmp(folder, path) != 0) {
        if (dir >= 0) close(dir);
        free(folder);
        folder = strdup(path);
        struct open_how how = {
            // Opened for reading, as the walk and the slower check open a folder: one whose
            // names cannot be read is not looked into here either.
            .flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC,
            .resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
        };
        dir = (int)syscall(SYS_openat2, root, path, &how, sizeof how);
        dir_error = dir < 0 ? errno : 0;
        if (folder == NULL || dir_error == ENOSYS) {
          thrown = folder == NULL ? ENOMEM : ENOSYS;
          break;
        }
      }
      if (dir < 0) {
        s[0] = dir_error == ENOENT || dir_error == ENOTDIR ? STAT_GONE
               : dir_error == ELOOP || dir_error == EXDEV  ? BELOW_REFUSED
                                                           : STAT_FAILED;
        continue;
      }
      at = dir;
    }
    struct statx sx;
    if (statx(at, name, AT_SYMLINK_NOFOLLOW, 0xFFF, &sx) != 0) {
      s[0] = errno == ENOENT || errno == ENOTDIR ? STAT_GONE : STAT_FAILED;
      continue;
    }
    s[0] = STAT_OK;
    s[1] = kind_of_mode(sx.stx_mode);
    s[2] = (double)sx.stx_size;
    s[3] = (double)sx.stx_mtime.tv_sec;
    s[4] = (double)sx.stx_mtime.tv_nsec;
    s[5] = (double)sx.stx_btime.tv_sec;
    s[6] = (double)sx.stx_btime.tv_nsec;
  }
  if (dir >= 0) close(dir);
  free(folder);
  free(path);
  if (thrown != 0) {
    free(out);
    return throw_errno(env, thrown, "statBelow");
  }
  size_t count = (size_t)n * BELOW_PER_PATH;
  napi_value result = typed(env, napi_float64_array, out, count * sizeof(double), count);
  free(out);
  return result;
}

// firstChanged(base, rels, sinceMs): the first of the folders `base` + '/' + rel ('' is `base`
// itself) that is gone, cannot be stat'ed, or whose modified or changed time is at or after
// `sinceMs`; -1 when none is. A server asks it before it answers a page from a kept scan
// (mcp-server/src/scan/snapshot-cache.ts): what fs.statSync did per folder from JavaScript, at
// about half the cost. Paths are followed as fs.statSync follows them, and the milliseconds are
// computed as Node computes them (seconds * 1e3 + nanoseconds / 1e6), so the answer is the one
// the JavaScript loop gives. A name with a NUL in it is no folder: it counts as changed.
static napi_value FirstChanged(napi_env env, napi_callback_info info) {
  size_t argc = 3;
  napi_value argv[3];
  bool is_array = false;
  uint32_t n = 0;
  size_t base_len = 0;
  double since = 0;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc < 3 ||
      napi_get_value_string_utf8(env, argv[0], NULL, 0, &base_len) != napi_ok ||
      napi_is_array(env, argv[1], &is_array) != napi_ok || !is_array ||
      napi_get_array_length(env, argv[1], &n) != napi_ok ||
      napi_get_value_double(env, argv[2], &since) != napi_ok) {
    napi_throw_type_error(env, NULL,
                          "firstChanged(base, rels, sinceMs): a path, paths and a time are required");
    return NULL;
  }
  size_t cap = base_len + 256;
  char *path = malloc(cap);
  if (path == NULL) return throw_errno(env, ENOMEM, "firstChanged");
  napi_get_value_string_utf8(env, argv[0], path, cap, &base_len);
  int64_t first = strlen(path) != base_len ? 0 : -1;
  for (uint32_t i = 0; i < n && first < 0; i++) {
    napi_value item;
    size_t len = 0;
    if (napi_get_element(env, argv[1], i, &item) != napi_ok ||
        napi_get_value_string_utf8(env, item, NULL, 0, &len) != napi_ok) {
      first = i;
      break;
    }
    size_t at = len == 0 ? base_len : base_len + 1;
    if (at + len + 1 > cap) {
      char *grown = realloc(path, at + len + 1);
      if (grown == NULL) {
        free(path);
        return throw_errno(env, ENOMEM, "firstChanged");
      }
      path = grown;
      cap = at + len + 1;
    }
    path[base_len] = '\0';
    if (len > 0) {
      path[base_len] = '/';
      napi_get_value_string_utf8(env, item, path + at, len + 1, &len);
      if (strlen(path + at) != len) {
        first = i;
        break;
      }
    }
    struct statx sx;
    if (statx(AT_FDCWD, path, AT_STATX_SYNC_AS_STAT, STATX_MTIME | STATX_CTIME, &sx) != 0 ||
        (double)sx.stx_mtime.tv_sec * 1e3 + (double)sx.stx_mtime.tv_nsec / 1e6 >= since ||
        (double)sx.stx_ctime.tv_sec * 1e3 + (double)sx.stx_ctime.tv_nsec / 1e6 >= since)
      first = i;
  }
  free(path);
  napi_value result;
  napi_create_int64(env, first, &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  if (napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "trim", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "list", NAPI_AUTO_LENGTH, List, NULL, &fn) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "list", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "listBatch", NAPI_AUTO_LENGTH, ListBatch, NULL, &fn) != napi_ok)
    return NULL;
  if (napi_set_named_property(env, exports, "listBatch", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "statBelow", NAPI_AUTO_LENGTH, StatBelow, NULL, &fn) != napi_ok)
    return NULL;
  if (napi_set_named_property(env, exports, "statBelow", fn) != napi_ok) return NULL;
  if (napi_create_function(env, "firstChanged", NAPI_AUTO_LENGTH, FirstChanged, NULL, &fn) !=
      napi_ok)
    return NULL;
  if (napi_set_named_property(env, exports, "firstChanged", fn) != napi_ok) return NULL;
  return exports;
}
