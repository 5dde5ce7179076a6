/* hr_internal.h — what the harness's own files share: options, the
 * histogram, placement on the topology, the run loop. */
#ifndef HR_INTERNAL_H
#define HR_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "harness.h"

/* ---- histogram: final states (n int64 values) → 64-bit counts ---- */
typedef struct hr_hist {
    int width;          /* values per key */
    size_t cap;         /* slots, a power of two */
    size_t used;
    int64_t *keys;      /* cap * width */
    uint64_t *counts;   /* 0 marks an empty slot */
} hr_hist;

/* Zeroed memory, or the run ends (exit 2) with a message. */
void *hr_alloc(size_t n);
void hr_hist_init(hr_hist *h, int width);
void hr_hist_free(hr_hist *h);
void hr_hist_add(hr_hist *h, const int64_t *key, uint64_t count);
/* Add every state of src into dst. */
void hr_hist_merge(hr_hist *dst, const hr_hist *src);
/* Slot indices of the used slots, sorted by key; caller frees. */
size_t *hr_hist_sorted(const hr_hist *h, size_t *n);

/* ---- placement of threads on processing units ---- */
enum hr_placement { HR_SPREAD, HR_PACK, HR_RANDOM, HR_ROTATE };

/* Two ways to read the topology and pin threads, one compiled in: hwloc
 * (hr_topo_hwloc.c, built with -DHR_HWLOC) or, where hwloc is not
 * installed, sched_setaffinity with the kernel's /sys topology
 * (hr_topo_sys.c). The log names the one used. */
typedef struct hr_topo {
    int n_pus;
    int *spread;          /* PU numbers: the first PU of each core, then
                             the second PU of each core, ... */
    const char *binder;   /* "hwloc" or "sched_setaffinity" */
    void *impl;           /* the backend's own */
} hr_topo;

/* ---- the backend ---- */
hr_topo *hr_topo_open(void);
void hr_topo_close(hr_topo *tp);
/* Pin the calling thread to PU number pu (logical index); 0 on success. */
int hr_topo_bind(const hr_topo *tp, int pu);
/* "1 package, 1 NUMA node, 2 cores, 2 PUs" */
void hr_topo_describe(const hr_topo *tp, char *buf, size_t n);
/* The backend's name for the CPU model, or NULL. */
const char *hr_topo_cpu_model(const hr_topo *tp);

/* ---- common (hr_topo.c) ---- */
/* Fill tp->spread from each PU's rank among its core's PUs (0 for the
 * first); an odd topology (ranks missing) gives the logical order. */
void hr_topo_set_spread(hr_topo *tp, const int *sibling_rank);
int hr_topo_n_pus(const hr_topo *tp);
/* The PU (logical index) for each of n threads, for round `round`. */
void hr_topo_place(const hr_topo *tp, int placement, int n, unsigned round,
                   uint64_t seed, int *pu);

/* ---- where the run happens (hr_cpu.c) ---- */
/* The CPU model: the backend's, else /proc/cpuinfo's. */
void hr_cpu_model(const hr_topo *tp, char *buf, size_t n);
/* Emulated (run under qemu-user, say): 1 and what emulates it. Told by
 * $LITMUSLAB_EMULATOR (set by hwrun and the bundle's run script when they
 * start an emulator), or seen in the host's /proc/cpuinfo, a vendor_id
 * line a binary of this machine would not see (qemu-user passes the
 * host's file through). */
int hr_emulated(char *buf, size_t n);

/* ---- the timed start's counter (hr_clock.c, hr_arch.h) ---- */
typedef struct hr_clock {
    int usable;            /* readable here, and moving */
    double ticks_per_ns;
    const char *name;      /* "mftb", "cntvct_el0", ... ("" for none) */
    char why[160];         /* why it is not usable */
} hr_clock;

void hr_clock_probe(hr_clock *c);
/* ns nanoseconds in ticks of c, at least at_least. */
uint64_t hr_clock_ticks(const hr_clock *c, double ns, uint64_t at_least);

/* ---- options and the run ---- */
enum hr_sync { HR_SYNC_BARRIER, HR_SYNC_TIMEBASE };
enum hr_mem { HR_MEM_DIRECT, HR_MEM_SHUFFLE };

typedef struct hr_opts {
    uint64_t iterations;   /* -n */
    int size;              /* -s: instances per round */
    uint64_t rounds;       /* -r (derived when absent) */
    int placement;         /* -p */
    int sync;              /* -sync */
    int delta;             /* timebase: cycles between instances, 0=auto */
    int skew;              /* -skew: enum hr_skew_policy (hr_skew.h) */
    uint64_t skew_ticks;   /* -skew N: the range, in ticks */
    int mem;               /* -mem */
    int stride;            /* -stride: words between instances */
    uint64_t seed;
    int quiet;             /* no progress line */
    double watchdog;       /* -watchdog: seconds a round may take, 0 none */
    int mode;              /* -mode: enum hr_mode */
} hr_opts;

/* -mode: classic (an instance per iteration, hr_run.c), perpetual
 * (hr_perp_run.c, falling back to classic for a test it cannot express,
 * said on stderr), auto (perpetual where it applies, silently). */
enum hr_mode { HR_MODE_CLASSIC, HR_MODE_PERPETUAL, HR_MODE_AUTO };

typedef struct hr_result {
    hr_hist hist;
    uint64_t done;         /* iterations counted */
    double seconds;
    int interrupted;
    int stuck;             /* a round did not finish: threads still run */
    int pu[64];            /* placement of the first round */
    int delta;             /* timebase delta in use at the end */
    int delta_min, delta_max;  /* the least and most gap of the run */
    unsigned retunes;      /* times the gap was measured again */
    uint64_t skew_range;   /* skew range in use at the end, in ticks */
    uint64_t skew_min, skew_max;  /* the least and most range of the run */
    int sync;              /* the start used: -sync, or the barrier when
                              the counter cannot be used */
    hr_clock clock;        /* probed when -sync timebase */
    int perp;              /* ran perpetually: 1 + the analysis used (the
                              least exact one of the rounds) */
    uint64_t perp_round;   /* perpetual: iterations a round */
    double perp_analysis;  /* perpetual: seconds spent in the analysis */
    uint64_t perp_pad;     /* perpetual: the most pad steps used */
    double perp_step;      /* perpetual: seconds of a pad step */
} hr_result;

/* SIGINT/SIGTERM end the run after the current round (a second: at once). */
void hr_catch_signals(void);
/* Whether one came. */
int hr_interrupted(void);

/* Run the test; fills *res (hist initialised here). 0 or an error. */
int hr_run(const hr_test *t, const hr_opts *o, hr_topo *tp, hr_result *res);

/* Perpetual mode (hr_perp_run.c): run t->perp, fill *res like hr_run;
 * its lines of the log. */
int hr_perp_run(const hr_test *t, const hr_opts *o, hr_topo *tp,
                hr_result *res);
void hr_perp_print(const hr_opts *o, const hr_result *r);

/* Print the litmus7 log of the result. */
void hr_print_log(const hr_test *t, const hr_opts *o, const hr_topo *tp,
                  const hr_result *r);

#define HR_MAX_THREADS 64

#endif
