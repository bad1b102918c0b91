#ifndef LOGROT_ROTATE_H
#define LOGROT_ROTATE_H

/* Rotates path once it is max_bytes long or longer: path.{keep-1} -> path.{keep}, ...,
 * path.1 -> path.2, path -> path.1, then a new empty path with the old mode and owner.
 * The generation past keep is deleted.
 * Returns 1 if rotated, 0 if the file is still under the limit, -1 on error (errno set). */
int rotate_file(const char *path, unsigned long long max_bytes, int keep);

#endif
