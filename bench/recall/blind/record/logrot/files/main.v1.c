/* logrot: rotates log files once they reach a size.
 *
 *   logrot -s SIZE [-k KEEP] FILE...
 *
 * Exit status: 0 ok (rotated or nothing to do), 1 a file could not be rotated, 2 usage error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rotate.h"
#include "size.h"

#define DEFAULT_KEEP 5
#define MAX_KEEP 99 /* more generations than this is a job for log shipping, not rotation */

static void usage(void)
{
    fprintf(stderr,
            "usage: logrot -s SIZE [-k KEEP] FILE...\n"
            "  -s SIZE  rotate once a file reaches SIZE (bytes, or with K/M/G)\n"
            "  -k KEEP  generations to keep, 1-%d (default %d)\n",
            MAX_KEEP, DEFAULT_KEEP);
}

int main(int argc, char **argv)
{
    long long max_bytes = -1;
    int keep = DEFAULT_KEEP, opt, status = 0;

    while ((opt = getopt(argc, argv, "s:k:h")) != -1) {
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
        default:
            usage();
            return 2;
        }
    }
    if (max_bytes < 0 || optind == argc) {
        usage();
        return 2;
    }
    for (int i = optind; i < argc; i++) {
        int r = rotate_file(argv[i], max_bytes, keep);
        if (r < 0) {
            fprintf(stderr, "logrot: %s: %s\n", argv[i], strerror(errno));
            status = 1;
        } else if (r > 0) {
            printf("rotated %s\n", argv[i]);
        }
    }
    return status;
}
