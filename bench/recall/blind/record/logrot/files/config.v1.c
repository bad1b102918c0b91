#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rotate.h"
#include "size.h"

#define FAIL(...)                              \
    do {                                       \
        snprintf(err, errlen, __VA_ARGS__);    \
        goto fail;                             \
    } while (0)

static char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    return s;
}

/* Moves the stanza being read into out[]; 0 if there was none or it is complete. */
static int finish(struct stanza *cur, struct stanza *out, int *n, int max, const char *file, char *err,
                  size_t errlen)
{
    if (!cur->path)
        return 0;
    if (cur->max_bytes <= 0) {
        snprintf(err, errlen, "%s:%d: no size for %s", file, cur->line, cur->path);
        return -1;
    }
    if (*n == max) {
        snprintf(err, errlen, "%s:%d: more than %d logs in one file", file, cur->line, max);
        return -1;
    }
    out[(*n)++] = *cur;
    memset(cur, 0, sizeof *cur);
    return 0;
}

int load_config(const char *file, struct stanza *out, int max, char *err, size_t errlen)
{
    char buf[MAX_LINE + 2];
    struct stanza cur = {0};
    int n = 0, lineno = 1;
    FILE *f = fopen(file, "r");

    if (!f) {
        snprintf(err, errlen, "%s: %s", file, strerror(errno));
        return -1;
    }
    while (fgets(buf, sizeof buf, f)) {
        char *line, *key, *val;

        if (!strchr(buf, '\n') && !feof(f))
            FAIL("%s:%d: line longer than %d characters", file, lineno, MAX_LINE);
        line = trim(buf);
        if (*line == '#')
            continue;
        if (*line == '\0') { /* a blank line ends the stanza */
            if (finish(&cur, out, &n, max, file, err, errlen) != 0)
                goto fail;
            continue;
        }
        key = line;
        val = line + strcspn(line, " \t");
        if (*val)
            *val++ = '\0';
        val = trim(val);
        if (strcmp(key, "path") == 0) {
            if (finish(&cur, out, &n, max, file, err, errlen) != 0)
                goto fail;
            cur.path = strdup(val);
            cur.keep = DEFAULT_KEEP;
            cur.line = lineno;
        } else if (!cur.path) {
            FAIL("%s:%d: '%s' before any 'path'", file, lineno, key);
        } else if (strcmp(key, "size") == 0) {
            if ((cur.max_bytes = parse_size(val)) < 0)
                FAIL("%s:%d: bad size '%s'", file, lineno, val);
        } else if (strcmp(key, "keep") == 0) {
            cur.keep = atoi(val);
            if (cur.keep < 1 || cur.keep > MAX_KEEP)
                FAIL("%s:%d: keep must be 1-%d", file, lineno, MAX_KEEP);
        } else if (strcmp(key, "mode") == 0) {
            if (strcmp(val, "copytruncate") == 0)
                cur.flags |= ROTATE_COPYTRUNCATE;
            else if (strcmp(val, "rename") != 0)
                FAIL("%s:%d: mode must be rename or copytruncate", file, lineno);
        } else {
            FAIL("%s:%d: unknown key '%s'", file, lineno, key);
        }
        lineno++;
    }
    if (finish(&cur, out, &n, max, file, err, errlen) != 0)
        goto fail;
    fclose(f);
    return n;
fail:
    free_config(out, n);
    fclose(f);
    return -1;
}

void free_config(struct stanza *stanzas, int n)
{
    for (int i = 0; i < n; i++)
        free(stanzas[i].path);
}
