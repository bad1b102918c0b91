#ifndef LOGROT_CONFIG_H
#define LOGROT_CONFIG_H

#include <stddef.h>
#include <sys/types.h>

#define MAX_STANZAS 32 /* logs per config file; the ingest box has 3, the biggest box 11 */
#define MAX_LINE 512   /* a longer line is an error, never silently cut */

/* One log in the config file:
 *
 *     path /var/log/ingest/app.log
 *     size 10M
 *     keep 5                 (optional, default DEFAULT_KEEP)
 *     mode copytruncate      (optional: rename, the default, or copytruncate)
 *
 * Stanzas are separated by blank lines; '#' starts a comment line. */
struct stanza {
    char *path;
    off_t max_bytes;
    int keep;
    int flags; /* ROTATE_* */
    int line;  /* where the stanza starts, for messages */
};

/* Reads file into out[] (at most max stanzas). Returns how many were read, or -1 with a
 * message like "logrot.conf:7: unknown key 'sise'" in err. */
int load_config(const char *file, struct stanza *out, int max, char *err, size_t errlen);

void free_config(struct stanza *stanzas, int n);

#endif
