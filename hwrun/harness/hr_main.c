/* hr_main.c — the test binary's entry point: options, then the run, then
 * the litmus7-format log (with our lines for the machine, the placement
 * and the rate). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <time.h>

#include "hr_internal.h"
#include "hr_skew.h"
#include "log_lines.h"    /* litmuslab's one log writer, and verdict.h */

static const char *const placement_names[] = {"spread", "pack", "random",
                                              "rotate"};
static const char *const sync_names[] = {"barrier", "timebase"};
static const char *const mem_names[] = {"direct", "shuffle"};
static const char *const mode_names[] = {"classic", "perpetual", "auto"};

static void usage(const char *prog, FILE *f)
{
    fprintf(f,
            "usage: %s [-n N] [-s N] [-r N] [-p spread|pack|random|rotate]\n"
            "          [-sync barrier|timebase] [-delta CYCLES]\n"
            "          [-skew auto|0|CYCLES|sweep]\n"
            "          [-mem direct|shuffle] [-stride N] [-seed N] [-q]\n"
            "          [-watchdog SECONDS] [-mode classic|perpetual|auto]\n"
            "  -n  iterations in all (default 1M; k, M, G suffixes)\n"
            "  -s  instances per round (default 1000)\n"
            "  -r  rounds (iterations = rounds * instances when -n is absent)\n"
            "  -p  thread placement (default spread)\n"
            "  -sync  start of each instance (default timebase)\n"
            "  -skew  timebase: threads' start offsets (default auto: half\n"
            "         the instances at 0, half up to an instance's cost;\n"
            "         0 none; CYCLES as auto up to CYCLES; sweep: all,\n"
            "         walking up to an instance's cost)\n"
            "  -mem   direct or shuffled instance addresses (default "
            "direct)\n"
            "  -stride  words between instances (default 1)\n"
            "  -q  no progress line\n"
            "  -watchdog  a round that does not finish in this time (default\n"
            "             10 s; 0 none) ends the run: the test does not\n"
            "             terminate; the rounds before it are printed, exit 3\n"
            "  -mode  classic (default), perpetual (no barrier between\n"
            "         iterations; classic, said on stderr, for a test it\n"
            "         cannot express) or auto (perpetual where it applies)\n"
            "  -machine  print the machine the log's Machine line names (as\n"
            "            this program sees it: under qemu-user, the emulated\n"
            "            one) and exit\n",
            prog);
}

/* deliberate likeness: cli/opts.c's cli_parse_count. The harness is
 * compiled alone, on the target machine, with none of lib/ or cli/, so it
 * reads its counts (-n 10M) itself, in the same words. */
static int parse_count(const char *s, uint64_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return 0;
    double v = strtod(s, &end);
    switch (*end) {
    case 'k': case 'K': v *= 1e3; end++; break;
    case 'm': case 'M': v *= 1e6; end++; break;
    case 'g': case 'G': v *= 1e9; end++; break;
    default: break;
    }
    if (*end || v < 0 || v > 1.8e19)
        return 0;
    *out = (uint64_t)v;
    return 1;
}

static int pick(const char *s, const char *const *names, int n)
{
    for (int i = 0; s && i < n; i++)
        if (!strcmp(s, names[i]))
            return i;
    return -1;
}

static int bad_option(const char *prog, const char *opt, const char *val)
{
    fprintf(stderr, "%s: bad value for %s: '%s'\n", prog, opt,
            val ? val : "");
    usage(prog, stderr);
    return 0;
}

static int parse_options(int argc, char **argv, hr_opts *o)
{
    uint64_t n = 0, r = 0, s = 0, v;
    int have_n = 0, have_r = 0, have_s = 0;
    memset(o, 0, sizeof *o);
    o->placement = HR_SPREAD;
    o->sync = HR_SYNC_TIMEBASE;
    o->mem = HR_MEM_DIRECT;
    o->stride = 1;
    o->seed = (uint64_t)time(NULL) * 2654435761u;
    o->watchdog = 10;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        int k;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(argv[0], stdout);
            exit(0);
        } else if (!strcmp(a, "-q")) {
            o->quiet = 1;
            continue;
        } else if (!strcmp(a, "-machine")) {
            /* the bundle's run names its log after this, not the host's
               uname: a run under qemu-user is the emulated machine's */
            struct utsname u;
            puts(uname(&u) ? "unknown" : u.machine);
            exit(0);
        } else if (!strcmp(a, "-n") || !strcmp(a, "-r") ||
                   !strcmp(a, "-s") || !strcmp(a, "-delta") ||
                   !strcmp(a, "-stride") || !strcmp(a, "-seed")) {
            if (!parse_count(val, &v))
                return bad_option(argv[0], a, val);
            if (a[1] == 'n')
                n = v, have_n = 1;
            else if (a[1] == 'r')
                r = v, have_r = 1;
            else if (!strcmp(a, "-s"))
                s = v, have_s = 1;
            else if (a[1] == 'd')
                o->delta = v > 1000000 ? 1000000 : (int)v;
            else if (!strcmp(a, "-stride"))
                o->stride = v < 1 || v > 4096 ? -1 : (int)v;
            else
                o->seed = v;
            if (o->stride < 0)
                return bad_option(argv[0], a, val);
        } else if (!strcmp(a, "-watchdog")) {
            char *end;
            double w = val ? strtod(val, &end) : -1;
            if (!val || end == val || *end || !(w >= 0) || w > 1e6)
                return bad_option(argv[0], a, val);
            o->watchdog = w;
        } else if (!strcmp(a, "-skew")) {
            if (val && !strcmp(val, "auto"))
                o->skew = HR_SKEW_AUTO;
            else if (val && !strcmp(val, "sweep"))
                o->skew = HR_SKEW_SWEEP;
            else if (parse_count(val, &v) && v <= 1000000) {
                o->skew = v ? HR_SKEW_FIXED : HR_SKEW_OFF;
                o->skew_ticks = v;
            } else
                return bad_option(argv[0], a, val);
        } else if (!strcmp(a, "-p")) {
            if ((k = pick(val, placement_names, 4)) < 0)
                return bad_option(argv[0], a, val);
            o->placement = k;
        } else if (!strcmp(a, "-sync")) {
            if ((k = pick(val, sync_names, 2)) < 0)
                return bad_option(argv[0], a, val);
            o->sync = k;
        } else if (!strcmp(a, "-mode")) {
            if ((k = pick(val, mode_names, 3)) < 0)
                return bad_option(argv[0], a, val);
            o->mode = k;
        } else if (!strcmp(a, "-mem")) {
            if ((k = pick(val, mem_names, 2)) < 0)
                return bad_option(argv[0], a, val);
            o->mem = k;
        } else {
            fprintf(stderr, "%s: unknown option '%s'\n", argv[0], a);
            usage(argv[0], stderr);
            return 0;
        }
        i++;
    }
    if (!have_s)
        s = have_n && have_r && r ? (n + r - 1) / r : 1000;
    if (s < 1 || s > 10000000)
        return bad_option(argv[0], "-s", "out of range 1..10M");
    if (!have_n)
        n = have_r ? r * s : 1000000;
    o->size = (int)s;
    o->iterations = n;
    o->rounds = (n + s - 1) / s;
    return 1;
}

/* litmus7 7.58's spelling: `0:r1=x; [y]=1; t={7,8}; t[1]=8;`, an
 * address by its location, a 64-bit unsigned value unsigned. */
static void print_state(const hr_test *t, const int64_t *key)
{
    const char *sep = "";
    for (int k = 0; k < t->n_outs; k++) {
        const hr_out *o = &t->outs[k];
        if (o->hidden)
            continue;
        if (!o->parts || !o->elem)
            printf("%s%s=%s", sep, o->name, o->parts ? "{" : "");
        if (key[t->n_outs + k])
            printf("%s", t->locs[key[k]].name);
        else if (o->size == 8 && !o->is_signed)
            printf("%" PRIu64, (uint64_t)key[k]);
        else
            printf("%" PRId64, key[k]);
        printf("%s", !o->parts ? ";" : o->elem + 1 < o->parts ? "," : "};");
        sep = " ";
    }
}

/* The test's metadata lines, litmus7's way (hr_info), in a NULL-ended
 * array the caller frees; settled: some state settled the condition. */
static char **info_lines(const hr_test *t, bool settled)
{
    char **lines = hr_alloc(((size_t)t->n_info + 1) * sizeof *lines);
    for (int i = 0; i < t->n_info; i++) {
        const hr_info *in = &t->info[i];
        size_t n = strlen(t->name) + strlen(in->key) + strlen(in->value) + 16;
        lines[i] = hr_alloc(n);
        if (!strcmp(in->key, "Relax"))
            snprintf(lines[i], n, "Relax %s %s %s", t->name,
                     settled ? "Ok" : "No", in->value);
        else
            snprintf(lines[i], n, "%s=%s", in->key, in->value);
    }
    return lines;
}

static const char *skew_name(const hr_opts *o, char *buf, size_t n)
{
    if (o->skew == HR_SKEW_FIXED) {
        snprintf(buf, n, "%" PRIu64, o->skew_ticks);
        return buf;
    }
    return o->skew == HR_SKEW_AUTO ? "auto"
         : o->skew == HR_SKEW_SWEEP ? "sweep" : "0";
}

/* The skew policy and the range it used (only with the timed start). */
static void print_skew(const hr_opts *o, const hr_result *r)
{
    char name[32];
    if (r->sync != HR_SYNC_TIMEBASE)
        return;
    printf("Skew %s: ", skew_name(o, name, sizeof name));
    switch (o->skew) {
    case HR_SKEW_OFF:
        puts("every thread of an instance starts at the same tick");
        break;
    case HR_SKEW_FIXED:
        printf("half of the blocks of %d instances start together; in the "
               "others each thread starts 0-S ticks late, at random, S one "
               "of 2N, N, N/2, N/4 per block, N %" PRIu64 " ticks\n",
               HR_SKEW_BLOCK, o->skew_ticks);
        break;
    case HR_SKEW_SWEEP:
        printf("every instance skewed: each thread starts 0-R ticks late, "
               "on an even walk, R the cost of an instance: %" PRIu64
               "-%" PRIu64 " ticks over the run\n", r->skew_min,
               r->skew_max);
        break;
    default:
        printf("half of the blocks of %d instances start together; in the "
               "others each thread starts 0-S ticks late, at random, S one "
               "of 2R, R, R/2, R/4 per block, R the cost of an instance: "
               "%" PRIu64 "-%" PRIu64 " ticks over the run\n",
               HR_SKEW_BLOCK, r->skew_min, r->skew_max);
        break;
    }
}

void hr_print_log(const hr_test *t, const hr_opts *o, const hr_topo *tp,
                  const hr_result *r)
{
    const hr_hist *h = &r->hist;
    size_t n;
    size_t *idx = hr_hist_sorted(h, &n);
    uint64_t yes = 0, no = 0;
    ll_quant q = (ll_quant)t->quant;
    bool settled = false;
    ll_put_test(stdout, t->name, t->kind);
    ll_put_histogram(stdout, n);
    for (size_t i = 0; i < n; i++) {
        const int64_t *key = h->keys + idx[i] * (size_t)h->width;
        int holds = t->cond(key) != 0;
        if (holds)
            yes += h->counts[idx[i]];
        else
            no += h->counts[idx[i]];
        /* litmus7's `*>`: a forall's counter-examples */
        bool mark = ll_quant_settles(q, holds);
        settled |= mark;
        ll_put_count(stdout, true, h->counts[idx[i]], mark);
        print_state(t, key);
        putchar('\n');
    }
    free(idx);
    char **info = info_lines(t, settled);
    bool ok = ll_quant_holds(q, yes, no);
    ll_litmus_tail tail = {
        .modern = true, .name = t->name, .verdict = ll_verdict_of(q, yes, no),
        .has_witnesses = true, .cond_text = t->cond_text,
        .validated = ok ? LL_VALIDATED_YES : LL_VALIDATED_NO,
        .hash = t->hash, .n_info = t->n_info,
        .info = (const char *const *)info,
        .obs_word = ll_observation_word(yes, no), .obs_pos = yes,
        .obs_neg = no,
    };
    ll_witnesses(q, yes, no, &tail.positive, &tail.negative);
    ll_put_litmus_tail(stdout, &tail);
    for (int i = 0; i < t->n_info; i++)
        free(info[i]);
    free(info);

    char buf[256];
    struct utsname u;
    hr_cpu_model(tp, buf, sizeof buf);
    printf("Machine %s %s\n", uname(&u) ? "?" : u.machine, buf);
    if (hr_emulated(buf, sizeof buf))
        printf("Emulated %s\n", buf);
    hr_topo_describe(tp, buf, sizeof buf);
    printf("Topology %s\n", buf);
    if (r->perp)
        ;   /* no instances: no start, no skew (hr_perp_print) */
    else if (o->sync == HR_SYNC_TIMEBASE && r->clock.usable)
        printf("Timebase %s, %.3f ticks/ns, gap %d-%d ticks (instance cost "
               "measured %u times)\n", r->clock.name, r->clock.ticks_per_ns,
               r->delta_min, r->delta_max, r->retunes);
    else if (o->sync == HR_SYNC_TIMEBASE)
        printf("Timebase none (%s): spin barrier used instead\n",
               r->clock.why);
    printf("Placement %s (%s):", placement_names[o->placement], tp->binder);
    for (int k = 0; k < t->n_threads && k < HR_MAX_THREADS; k++)
        printf(" P%d=PU#%d", k, r->pu[k]);
    putchar('\n');
    int pus = hr_topo_n_pus(tp);
    if (t->n_threads > pus)
        printf("Oversubscribed %d threads on %d PUs: threads take turns on "
               "a PU, so most outcomes cannot show; not hardware evidence\n",
               t->n_threads, pus);
    if (r->perp) {
        hr_perp_print(o, r);
    } else {
    print_skew(o, r);
    printf("Run -n %" PRIu64 " -s %d -sync %s", o->iterations, o->size,
           sync_names[r->sync]);
    if (r->sync == HR_SYNC_TIMEBASE)
        printf(" -delta %d%s", r->delta, o->delta ? "" : " (auto)");
    printf(" -mem %s -stride %d", mem_names[o->mem], o->stride);
    if (r->sync == HR_SYNC_TIMEBASE)
        printf(" -skew %s", skew_name(o, buf, sizeof buf));
    putchar('\n');
    if (o->mode != HR_MODE_CLASSIC)   /* why not perpetual */
        printf("Mode classic: %s\n", t->perp_why ? t->perp_why : "?");
    }
    printf("Rate %.0f iterations/s, %" PRIu64 " iterations%s\n",
           r->seconds > 0 ? (double)r->done / r->seconds : 0.0, r->done,
           r->stuck ? " (a round did not finish)"
           : r->interrupted ? " (interrupted)" : "");
    snprintf(buf, sizeof buf, "%.2f", r->seconds);
    ll_put_time(stdout, t->name, buf);
    putchar('\n');
    fflush(stdout);
}

int hr_main(const hr_test *t, int argc, char **argv)
{
    hr_catch_signals();
    hr_opts o;
    if (!parse_options(argc, argv, &o))
        return 2;
    hr_topo *tp = hr_topo_open();
    if (!tp) {
        fputs("hwrun: cannot read the machine's topology\n", stderr);
        return 2;
    }
    hr_result r;
    memset(&r, 0, sizeof r);
    int perp = o.mode != HR_MODE_CLASSIC && t->perp;
    if (o.mode == HR_MODE_PERPETUAL && !t->perp)
        fprintf(stderr, "hwrun: %s: classic mode: perpetual mode cannot run "
                "it (%s)\n", t->name, t->perp_why ? t->perp_why : "?");
    int rc = perp ? hr_perp_run(t, &o, tp, &r) : hr_run(t, &o, tp, &r);
    if (!rc)
        hr_print_log(t, &o, tp, &r);
    if (!rc && r.stuck) {
        /* the test's threads still run: leave without waiting for them */
        fflush(NULL);
        _exit(3);
    }
    hr_hist_free(&r.hist);
    hr_topo_close(tp);
    return rc;
}
