/** C fragments the first logrot session edits in (the signedness fix, rotation order, copytruncate). */

export const protoV1 = 'int rotate_file(const char *path, unsigned long long max_bytes, int keep);';
export const protoV2 = 'int rotate_file(const char *path, off_t max_bytes, int keep);';
export const guard = '#define LOGROT_ROTATE_H\n';
export const guardTypes = '#define LOGROT_ROTATE_H\n\n#include <sys/types.h>\n';
export const defV1 = 'int rotate_file(const char *path, unsigned long long max_bytes, int keep)\n{';
export const defV2 = 'int rotate_file(const char *path, off_t max_bytes, int keep)\n{';

export const loopUp = '    for (int n = 1; n < keep; n++) {';
export const loopDown =
  '    for (int n = keep - 1; n >= 1; n--) { /* top down: each rename frees the next name */';

export const protoV3 = `/* flags */
#define ROTATE_COPYTRUNCATE 1 /* copy to path.1, then truncate path in place (see rotate.c) */

/* Rotates path once it is max_bytes long or longer: path.{keep-1} -> path.{keep}, ...,
 * path.1 -> path.2, path -> path.1, then a new empty path with the old mode and owner.
 * With ROTATE_COPYTRUNCATE, path is copied to path.1 and truncated instead of renamed.
 * The generation past keep is deleted.
 * Returns 1 if rotated, 0 if the file is still under the limit, -1 on error (errno set). */
int rotate_file(const char *path, off_t max_bytes, int keep, int flags);`;

export const headerDocV1 = `/* Rotates path once it is max_bytes long or longer: path.{keep-1} -> path.{keep}, ...,
 * path.1 -> path.2, path -> path.1, then a new empty path with the old mode and owner.
 * The generation past keep is deleted.
 * Returns 1 if rotated, 0 if the file is still under the limit, -1 on error (errno set). */
int rotate_file(const char *path, off_t max_bytes, int keep);`;

export const nameLen = '#define NAME_LEN 4096\n';
export const nameLenCopy = `#define NAME_LEN 4096
#define COPY_BUF (64 * 1024) /* copytruncate buffer; the logs are append-only text */
`;

export const recreateEnd = `    return close(fd);
}
`;

export const copyTruncate = `    return close(fd);
}

/* copytruncate: for writers that keep the log open and never reopen it (the ingest JVM ignores
 * SIGHUP). Renaming would leave them writing into path.1 forever; instead the content is copied
 * to dst and path is truncated in place, so their file descriptor stays valid.
 * Trade-off: lines written between the end of the copy and the truncate are lost. At the
 * ingest rate (~2k lines/s) the window is a few ms, i.e. a handful of lines per rotation;
 * accepted, because the alternative is restarting the JVM. */
static int copy_truncate(const char *path, const char *dst, mode_t mode)
{
    static char buf[COPY_BUF];
    ssize_t n;
    int in = open(path, O_RDONLY);
    if (in < 0)
        return -1;
    int out = open(dst, O_WRONLY | O_CREAT | O_TRUNC, mode);
    if (out < 0) {
        close(in);
        return -1;
    }
    while ((n = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)n) != n) {
            n = -1;
            break;
        }
    int failed = n < 0 || fsync(out) != 0;
    close(in);
    if (close(out) != 0 || failed)
        return -1;
    return truncate(path, 0);
}
`;

export const rotateDefV2 = 'int rotate_file(const char *path, off_t max_bytes, int keep)\n{';
export const rotateDefV3 = 'int rotate_file(const char *path, off_t max_bytes, int keep, int flags)\n{';

export const moveOld = `    gen_name(to, sizeof to, path, 1);
    if (rename(path, to) != 0)
        return -1;
    return recreate(path, &st) == 0 ? 1 : -1;`;

export const moveNew = `    gen_name(to, sizeof to, path, 1);
    if (flags & ROTATE_COPYTRUNCATE)
        return copy_truncate(path, to, st.st_mode & 07777) == 0 ? 1 : -1;
    if (rename(path, to) != 0)
        return -1;
    return recreate(path, &st) == 0 ? 1 : -1;`;

export const usageOld = `            "usage: logrot -s SIZE [-k KEEP] FILE...\\n"
            "  -s SIZE  rotate once a file reaches SIZE (bytes, or with K/M/G)\\n"
            "  -k KEEP  generations to keep, 1-%d (default %d)\\n",`;

export const usageNew = `            "usage: logrot -s SIZE [-k KEEP] [-c] FILE...\\n"
            "  -s SIZE  rotate once a file reaches SIZE (bytes, or with K/M/G)\\n"
            "  -k KEEP  generations to keep, 1-%d (default %d)\\n"
            "  -c       copytruncate: copy, then truncate in place (writers that never reopen)\\n",`;

export const optsOld = `    int keep = DEFAULT_KEEP, opt, status = 0;

    while ((opt = getopt(argc, argv, "s:k:h")) != -1) {
        switch (opt) {`;

export const optsNew = `    int keep = DEFAULT_KEEP, flags = 0, opt, status = 0;

    while ((opt = getopt(argc, argv, "s:k:ch")) != -1) {
        switch (opt) {
        case 'c':
            flags |= ROTATE_COPYTRUNCATE;
            break;`;

export const callOld = 'int r = rotate_file(argv[i], max_bytes, keep);';
export const callNew = 'int r = rotate_file(argv[i], max_bytes, keep, flags);';

export const mainDocOld = ' *   logrot -s SIZE [-k KEEP] FILE...\n';
export const mainDocNew = ' *   logrot -s SIZE [-k KEEP] [-c] FILE...\n';

export const usageTestsEnd = `check "bad size is a usage error" test $? -eq 2
`;

export const copyTests = `check "bad size is a usage error" test $? -eq 2

# copytruncate: same inode afterwards, so a writer's open fd keeps working
fresh
printf 'line\\n' >app.log
ino=$(stat -c %i app.log)
"$LOGROT" -c -s 1 app.log >/dev/null
check "copytruncate: same inode" test "$(stat -c %i app.log)" = "$ino"
check "copytruncate: content in .1" test "$(cat app.log.1)" = line
check "copytruncate: log emptied" test ! -s app.log
`;
