/* hostfile.h — a host file in GNU parallel's --sshloginfile format, as
 * `campaign --hosts` and `model --hosts` read it (lib/hostfile.c), and
 * what both say to ssh and read back from `parallel --tag`. */
#ifndef LITMUSLAB_HOSTFILE_H
#define LITMUSLAB_HOSTFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "litmuslab/util.h"

/* For logins without an ssh command of their own: never ask for a
 * password, and notice a host that stops answering within a minute. */
#define LL_HOSTS_SSH "ssh -o BatchMode=yes -o ConnectTimeout=20 " \
                     "-o ServerAliveInterval=15 -o ServerAliveCountMax=4"

typedef struct ll_host {
    char *login;       /* the sshlogin, as GNU parallel takes it */
    char *group;       /* @GROUP/ of the file, or NULL */
    const char *name;  /* its last word (the host name), in messages */
    int line;
} ll_host;

/* Read path: one host a line, [@GROUP/][NCPUS/]SSHLOGIN (NCPUS is read
 * and ignored), `#` comments. cmd ("campaign", "model") is named in the
 * message on `:`. Each mistake gets one line on diag and false. */
bool ll_hosts_read(const char *path, const char *cmd, ll_host **hosts,
                   int *n, FILE *diag);
void ll_hosts_free(ll_host *hosts, int n);

/* The first line GNU parallel tagged with login in text (`LOGIN\tREST`,
 * REST up to a carriage return: ssh ends its messages with one), or
 * NULL; with prefix, only such a line whose REST starts with it (REST
 * is then what follows the prefix). */
char *ll_hosts_tagged(const char *text, const char *login,
                      const char *prefix);

/* GNU parallel's joblog text (a job a line, its sequence number first,
 * its exit value the seventh field) copied into out, with the exit value
 * made 1 for each job 1..n that the log says ended with 0 but that
 * finished(job - 1, ctx) says did not (its results did not come back),
 * so that `parallel --resume-failed` runs it again. Whether any was. */
bool ll_joblog_unfinished(const char *text, int n,
                          bool (*finished)(int shard, void *ctx), void *ctx,
                          ll_buf *out);

#endif
