#ifndef LOGROT_SIZE_H
#define LOGROT_SIZE_H

/* Parses a size: "512" bytes, or with a K, M or G suffix (powers of 1024), e.g. "10M".
 * Returns the number of bytes, or -1 if the text is malformed, zero or overflows. */
long long parse_size(const char *s);

#endif
