/* logrot: rotates log files once they reach a size.
 *
 *   logrot -s SIZE [-k KEEP] [-c] [-n] FILE...    one-off, from the command line
 *   logrot -f CONFIG [-n]                         every log in a config file (from cron)
 *
 * Exit status: 0 ok (rotated or nothing to do), 1 a file could not be rotated, 2 usage or
 * config error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "rotate.h"
#include "size.h"

static void usage(void)
{
    fprintf(stderr,
            "usage: logrot -s SIZE [-k KEEP] [-c] [-n] FILE...\n"
            "       logrot -f CONFIG [-n]\n"
            "  -s SIZE    rotate once a file reaches SIZE (bytes, or with K/M/G)\n"
            "  -k KEEP    generations to keep, 1-%d (default %d)\n"
            "  -c         copytruncate: copy, then truncate in place (writers that never reopen)\n"
            "  -f CONFIG  rotate the logs listed in CONFIG (see README)\n"
            "  -n         dry run: say what would be rotated, touch nothing\n",
            MAX_KEEP, DEFAULT_KEEP);
}

/* Rotates one file and reports it; 0 ok, 1 failed. */
static int run_one(const char *path, off_t max_bytes, int keep, int flags)
{
    int r = rotate_file(path, max_bytes, keep, flags);

    if (r < 0) {
        fprintf(stderr, "logrot: %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (r > 0)
        printf("%s %s\n", flags & ROTATE_DRY_RUN ? "would rotate" : "rotated", path);
    return 0;
}

static int run_config(const char *file, int flags)
{
    struct stanza st[MAX_STANZAS];
    char err[MAX_LINE + 256];
    int status = 0, n = load_config(file, st, MAX_STANZAS, err, sizeof err);

    if (n < 0) {
        fprintf(stderr, "logrot: %s\n", err);
        return 2;
    }
    for (int i = 0; i < n; i++)
        status |= run_one(st[i].path, st[i].max_bytes, st[i].keep, st[i].flags | flags);
    free_config(st, n);
    return status;
}

int main(int argc, char **argv)
{
    long long max_bytes = -1;
    const char *config = NULL;
    int keep = DEFAULT_KEEP, flags = 0, opt, status = 0;

    while ((opt = getopt(argc, argv, "s:k:cf:nh")) != -1) {
        switch (opt) {
        case 's':
            max_bytes = parse_size(optarg);
            if (max_bytes < 0) {
                fprintf(stderr, "logrot: bad size '%s' (use e.g. 512K, 10M, 2G)\n", optarg);
                return 2;
            }
            break;
        case 'k':
            keep = atoi(optarg);
            if (keep < 1 || keep > MAX_KEEP) {
                fprintf(stderr, "logrot: -k must be 1-%d\n", MAX_KEEP);
                return 2;
            }
            break;
        case 'c':
            flags |= ROTATE_COPYTRUNCATE;
            break;
        case 'f':
            config = optarg;
            break;
        case 'n':
            flags |= ROTATE_DRY_RUN;
            break;
        default:
            usage();
            return 2;
        }
    }
    if (config)
        return run_config(config, flags & ROTATE_DRY_RUN);
    if (max_bytes < 0 || optind == argc) {
        usage();
        return 2;
    }
    for (int i = optind; i < argc; i++)
        status |= run_one(argv[i], max_bytes, keep, flags);
    return status;
}
