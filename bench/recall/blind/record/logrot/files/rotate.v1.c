#include "rotate.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#define NAME_LEN 4096

static void gen_name(char *buf, size_t len, const char *path, int n)
{
    snprintf(buf, len, "%s.%d", path, n);
}

/* A new empty log where the old one was. open() applies the umask, so the mode is set again
 * with fchmod; the owner is copied best-effort (only root may give files away). */
static int recreate(const char *path, const struct stat *st)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd < 0)
        return -1;
    if (fchmod(fd, st->st_mode & 07777) != 0) {
        close(fd);
        return -1;
    }
    if (fchown(fd, st->st_uid, st->st_gid) != 0 && errno != EPERM) {
        close(fd);
        return -1;
    }
    return close(fd);
}

int rotate_file(const char *path, unsigned long long max_bytes, int keep)
{
    struct stat st;
    char from[NAME_LEN], to[NAME_LEN];

    if (stat(path, &st) != 0)
        return -1;
    if (st.st_size < max_bytes)
        return 0;
    /* drop the oldest generation, then move the others up by one */
    gen_name(to, sizeof to, path, keep);
    if (unlink(to) != 0 && errno != ENOENT)
        return -1;
    for (int n = 1; n < keep; n++) {
        gen_name(from, sizeof from, path, n);
        gen_name(to, sizeof to, path, n + 1);
        if (rename(from, to) != 0 && errno != ENOENT)
            return -1;
    }
    gen_name(to, sizeof to, path, 1);
    if (rename(path, to) != 0)
        return -1;
    return recreate(path, &st) == 0 ? 1 : -1;
}
