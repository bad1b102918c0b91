/** C fragments the second logrot session edits in (config file, dry run, the line-number and leak fixes). */

export const flagsOld = `/* flags */
#define ROTATE_COPYTRUNCATE 1 /* copy to path.1, then truncate path in place (see rotate.c) */
`;

export const flagsNew = `#define DEFAULT_KEEP 5
#define MAX_KEEP 99 /* more generations than this is a job for log shipping, not rotation */

/* flags */
#define ROTATE_COPYTRUNCATE 1 /* copy to path.1, then truncate path in place (see rotate.c) */
#define ROTATE_DRY_RUN 2      /* only report whether the file would be rotated */
`;

export const sizeCheck = `    if (st.st_size < max_bytes)
        return 0;
`;

export const sizeCheckDry = `    if (st.st_size < max_bytes)
        return 0;
    if (flags & ROTATE_DRY_RUN)
        return 1;
`;

export const objsOld = 'OBJS   = src/main.o src/size.o src/rotate.o';
export const objsNew = 'OBJS   = src/main.o src/size.o src/rotate.o src/config.o';

export const copyTestsEnd = 'check "copytruncate: log emptied" test ! -s app.log\n';

export const loopOld = '    while (fgets(buf, sizeof buf, f)) {';
export const loopNew =
  '    for (; fgets(buf, sizeof buf, f); lineno++) { /* counts comments and blank lines too */';

export const incOld = `            FAIL("%s:%d: unknown key '%s'", file, lineno, key);
        }
        lineno++;
    }`;

export const incNew = `            FAIL("%s:%d: unknown key '%s'", file, lineno, key);
        }
    }`;

export const failOld = `fail:
    free_config(out, n);`;

export const failNew = `fail:
    free(cur.path); /* the stanza being read is not in out[] yet */
    free_config(out, n);`;

export const installOld = `clean:
	rm -f logrot src/*.o

.PHONY: test clean
`;

export const installNew = `PREFIX ?= /usr/local

install: logrot
	install -D -m 755 logrot $(DESTDIR)$(PREFIX)/bin/logrot
	install -D -m 644 examples/logrot.conf $(DESTDIR)/etc/logrot.conf.example

clean:
	rm -f logrot src/*.o

.PHONY: test clean install
`;
