/* os.h — the operating system's calls litmuslab makes in several places,
 * written once: making folders, a file replaced whole (a temporary file
 * renamed over it), child processes tied to us, signal handlers set and
 * put back. Plain POSIX and Linux (prctl), nothing of the stages. */
#ifndef LITMUSLAB_OS_H
#define LITMUSLAB_OS_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

#include "litmuslab/util.h"

/* Folders. True when path is there once done (made, or it was); false
 * with errno set. ll_mkdirs makes the missing parents too (`mkdir -p`),
 * stopping at the first that cannot be made; ll_mkdir_parents makes only
 * the parents (the folders above path's last '/'). */
bool ll_mkdir(const char *path, mode_t mode);
bool ll_mkdirs(const char *path, mode_t mode);
bool ll_mkdir_parents(const char *path, mode_t mode);

/* Create name in folder dfd, new (O_EXCL) and never through a link
 * (O_NOFOLLOW), with mode (less the umask): its descriptor, or -1 with
 * errno set. Async-signal-safe (a child may call it before exec). */
int ll_create_at(int dfd, const char *name, mode_t mode);

/* The temporary name beside path, unique to this process: PATH.tmpPID. */
void ll_tmp_name(const char *path, ll_buf *out);
/* One file replaced as a whole: written under ll_tmp_name (created as
 * ll_create_at does), renamed over path by ll_replace_close once
 * complete, which replaces a link there rather than writing through it.
 * NULL + message `PATH: cannot write: why`. */
FILE *ll_replace_open(const char *path, char **tmp);
/* false + message; the temporary file is removed and tmp freed. */
bool ll_replace_close(FILE *f, char *tmp, const char *path);
/* Give up: path is left as it was, the temporary file removed. */
void ll_replace_abort(FILE *f, char *tmp);
/* path replaced whole by the len bytes of text; false + message. */
bool ll_replace_file(const char *path, const char *text, size_t len);

/* fork, the child tied to us: it gets SIGKILL when we die
 * (PR_SET_PDEATHSIG) and leaves at once (exit 127) if we died before it
 * could ask; with own_group it leads a process group of its own, so that
 * a terminal's ^C reaches us alone. As fork: the child's id, 0 in the
 * child, -1 with errno set. */
pid_t ll_fork_tied(bool own_group);
/* waitpid(pid) again while a signal interrupts it: the status in
 * *status; false with errno set. */
bool ll_wait(pid_t pid, int *status);

/* Install handler (a function, or SIG_IGN) for the signals of sigs (0
 * ends the list), with no flags: a blocking call they interrupt returns
 * EINTR. The handlers they had are kept in old (as many entries as
 * sigs; NULL: not kept) for ll_signals_restore. */
void ll_signals_catch(const int *sigs, void (*handler)(int),
                      struct sigaction *old);
void ll_signals_restore(const int *sigs, const struct sigaction *old);

#endif
