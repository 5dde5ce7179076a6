/* md5.h — MD5 digests (lib/md5.c), for herd7's `Hash=` line. */
#ifndef LITMUSLAB_MD5_H
#define LITMUSLAB_MD5_H

#include <stddef.h>
#include <stdint.h>

void ll_md5(const void *data, size_t len, unsigned char out[16]);
/* Lower-case hex of a digest, NUL-terminated. */
void ll_md5_hex(const unsigned char d[16], char hex[33]);

#endif
