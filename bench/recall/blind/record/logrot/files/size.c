#include "size.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

long long parse_size(const char *s)
{
    char *end;
    long long n, mult = 1;

    errno = 0;
    n = strtoll(s, &end, 10);
    if (errno != 0 || end == s || n <= 0)
        return -1;
    switch (toupper((unsigned char)*end)) {
    case '\0':
        break;
    case 'K':
        mult = 1024LL;
        end++;
        break;
    case 'M':
        mult = 1024LL * 1024;
        end++;
        break;
    case 'G':
        mult = 1024LL * 1024 * 1024;
        end++;
        break;
    default:
        return -1;
    }
    if (*end != '\0' || n > LLONG_MAX / mult)
        return -1;
    return n * mult;
}
