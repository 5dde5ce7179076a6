/* cmd_gen.c — `litmuslab gen`: diyone7's command line (one test from a
 * cycle of relaxations, on stdout or -o FILE) and diy7's (-safe/-relax
 * or -conf: a family of tests written as a folder with an @all index).
 * Options only; the work is in gen/. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/commands.h"
#include "cli/opts.h"
#include "gen/gen.h"

static void usage(FILE *f)
{
    fputs(
        "usage: litmuslab gen [-arch ARCH] [-name NAME] [-o FILE] EDGE...\n"
        "       litmuslab gen [-arch ARCH] -safe LIST [-relax LIST]\n"
        "                     [-size N] [-nprocs N] [-mix] [-name BASE]\n"
        "                     -o DIR\n"
        "       litmuslab gen -conf FILE [-o DIR]\n"
        "Writes litmus tests from cycles of relaxations, in herdtools7\n"
        "diy7's vocabulary. With EDGEs (diyone7): the test of that cycle,\n"
        "on stdout or in FILE, e.g. `gen LwSyncdWW Rfe DpAddrdR Fre` is\n"
        "MP+lwsync+addr. With -safe/-relax (diy7): every cycle of up to\n"
        "-size edges and -nprocs threads built from the safe edges (and,\n"
        "with -relax, at least one relaxed edge), one test each, up to\n"
        "rotation, written in DIR with an index @all.\n", f);
    ll_buf archs = {0};
    for (int i = 0; gen_arch_at(i); i++)
        ll_buf_printf(&archs, "%s%s%s", i ? ", " : "", gen_arch_at(i)->name,
                      i ? "" : " (default)");
    cli_help_item(f, "  -arch ARCH    ", 16, ll_buf_str(&archs));
    fputs(
        "  -name NAME    the test's name (default: herdtools7's name of the\n"
        "                cycle, MP+lwsync+addr); for a family, numbered\n"
        "                names BASE000, BASE001...\n"
        "  -o PATH       the test file (one cycle) or folder (a family)\n"
        "  -oneloc-cond exists|forall   a cycle on one location gets the\n"
        "                sequentially consistent outcomes: `exists (not\n"
        "                ...)` (default, as diy7) or `forall (...)` (as\n"
        "                diyone7)\n"
        "  -optcoherence  count the reads that order two writes by the\n"
        "                uniproc rules (CoRW, CoWR, CoRR) instead of asking\n"
        "                for the last write's final value (diy7's option;\n"
        "                -nooptcoherence, the default, asks for it)\n"
        "  -safe LIST    safe edges (space or comma separated; `*` stands\n"
        "                for R and W: PodR*)\n"
        "  -relax LIST   relaxed edges: each cycle has one of them\n"
        "  -mix          cycles may mix several relaxed edges\n"
        "  -size N       longest cycle, in edges (default 6, at most 10)\n"
        "  -nprocs N     most threads (default 4)\n"
        "  -variant LIST  diy7's variants: ConstsInInit (stored constants\n"
        "                in the init block), AsAmo (annotated\n"
        "                accesses as AMOs, not lw.aq/sw.rl)\n"
        "  -conf FILE    diy7's configuration file: one option a line\n"
        "                (-arch, -safe, -relax, -size, -nprocs, -name, -mix,\n"
        "                -variant; num true or false, ins N, mode uni,\n"
        "                sufname S, ua 0, unrollatomic 0)\n"
        "Edges: Rfe Rfi Fre Fri Wse Wsi Coe Coi; Pod** Pos** (RR RW WR WW);\n"
        "fences FENCEd** / FENCEs** (Fence is the strongest); dependencies\n"
        "DpAddrd* DpDatadW DpCtrld*, and DpCtrlFENCEdR with the control\n"
        "fence; DetourR DetourW DetourRW DetourWW; composites [E,E,...];\n"
        "annotations after an edge, source then target (PodWRLA), or a\n"
        "lone one after the edge whose target it annotates (`Rfi Once\n"
        "PodRR Once`). What each architecture adds:\n", f);
    for (int i = 0; gen_arch_at(i); i++) {
        char head[32];
        snprintf(head, sizeof head, "  %-10s", gen_arch_at(i)->name);
        ll_buf_clear(&archs);
        gen_arch_vocabulary(gen_arch_at(i), &archs);
        cli_help_item(f, head, 12, ll_buf_str(&archs));
    }
    ll_buf_free(&archs);
    fputs(
        "Exit status: 0 written, 2 bad edges or options.\n", f);
}

static void add_list(char **dst, const char *v)
{
    size_t old = *dst ? strlen(*dst) : 0;
    *dst = ll_xrealloc(*dst, old + strlen(v) + 2);
    if (old)
        (*dst)[old++] = ' ';
    strcpy(*dst + old, v);
}

typedef struct gen_cli {
    const char *arch, *name, *out;
    char *owned[8];     /* values read from a -conf file */
    int nowned;
    char *safe, *relax;
    uint64_t size, nprocs;
    bool mix, forall, optco;
    unsigned variant;   /* GEN_V_* */
    uint64_t ins;       /* a conf's -ins, 0: none */
    bool uni;           /* a conf's -mode uni */
    const char *sufname; /* a conf's -sufname */
    char **edges;
    int nedges;
} gen_cli;

/* diy7's configuration file: `-option value` or `option value` a line,
 * `#` comments. */
static bool read_conf(gen_cli *g, const char *path)
{
    size_t len;
    char *text = ll_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read: %s\n", path, strerror(errno));
        return false;
    }
    bool ok = true;
    int lineno = 0;
    for (char *line = text, *next; line && ok; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *opt = line + strspn(line, " \t\r");
        if (!*opt)
            continue;
        char *val = opt + strcspn(opt, " \t\r");
        if (*val)
            *val++ = 0;
        val += strspn(val, " \t\r");
        for (char *e = val + strlen(val); e > val && strchr(" \t\r", e[-1]);)
            *--e = 0;
        while (*opt == '-')
            opt++;
        bool owned = !strcmp(opt, "arch") || !strcmp(opt, "name") ||
                     !strcmp(opt, "sufname");
        if (owned &&
            g->nowned < (int)(sizeof g->owned / sizeof g->owned[0])) {
            char *v = g->owned[g->nowned++] = ll_xstrdup(val);
            *(!strcmp(opt, "arch") ? &g->arch :
              !strcmp(opt, "name") ? &g->name : &g->sufname) = v;
        } else if (owned) {
            fprintf(stderr, "%s:%d: -%s given too many times\n", path,
                    lineno, opt);
            ok = false;
        } else if (!strcmp(opt, "safe"))
            add_list(&g->safe, val);
        else if (!strcmp(opt, "relax"))
            add_list(&g->relax, val);
        else if (!strcmp(opt, "mix"))
            g->mix = !*val || !strcmp(val, "true");
        else if (!strcmp(opt, "size") || !strcmp(opt, "nprocs")) {
            uint64_t n;
            uint64_t max = !strcmp(opt, "size") ? GEN_MAX_SIZE
                                                : GEN_MAX_THREADS;
            if (!cli_parse_count(val, &n) || n < 1 || n > max) {
                fprintf(stderr, "%s:%d: -%s takes a count from 1 to %d, "
                        "not '%s'\n", path, lineno, opt, (int)max, val);
                ok = false;
            } else {
                *(!strcmp(opt, "size") ? &g->size : &g->nprocs) = n;
            }
        } else if (!strcmp(opt, "num") && (!*val || !strcmp(val, "true") ||
                                           !strcmp(val, "false"))) {
            /* numbered names are what -name BASE gives, the cycle's
               names (-num false) what gen writes without it */
        } else if (!strcmp(opt, "ins")) {
            if (!cli_parse_count(val, &g->ins) || g->ins < 1 ||
                g->ins > GEN_MAX_INS + 1) {
                fprintf(stderr, "%s:%d: -ins takes a count from 1 to %d, "
                        "not '%s'\n", path, lineno, GEN_MAX_INS + 1, val);
                ok = false;
            }
        } else if ((!strcmp(opt, "ua") || !strcmp(opt, "unrollatomic")) &&
                   !strcmp(val, "0")) {
            /* diy's bounds on atomic accesses unrolled into loops: gen
               writes none (an lr/sc pair is two instructions) */
        } else if (!strcmp(opt, "mode") && !strcmp(val, "uni")) {
            g->uni = true;
        } else if (!strcmp(opt, "variant")) {
            char err[256];
            if (!gen_variant_parse(val, &g->variant, err, sizeof err)) {
                fprintf(stderr, "%s:%d: %s\n", path, lineno, err);
                ok = false;
            }
        } else if (!strcmp(opt, "num") || !strcmp(opt, "mode") ||
                   !strcmp(opt, "cumul") || !strcmp(opt, "oneloc") ||
                   !strcmp(opt, "obs") || !strcmp(opt, "cond")) {
            fprintf(stderr, "%s:%d: diy's -%s is not taken (gen writes "
                    "diy's default cycles and conditions)\n", path, lineno,
                    opt);
            ok = false;
        } else {
            fprintf(stderr, "%s:%d: unknown option '%s'\n", path, lineno,
                    opt);
            ok = false;
        }
    }
    free(text);
    return ok;
}

int cmd_gen(int argc, char **argv)
{
    gen_cli g = {.size = 6, .nprocs = 4};
    g.edges = ll_xcalloc((size_t)argc + 1, sizeof *g.edges);
    bool conf_ok = true;
    cli_args p;
    cli_init(&p, "gen", argc, argv);
    while (cli_next(&p)) {
        const char *v;
        if (!p.opt) {
            g.edges[g.nedges++] = argv[p.i];
        } else if (cli_flag(&p, "h|help")) {
            usage(stdout);
            free(g.edges);
            return 0;
        } else if ((v = cli_value(&p, "arch"))) {
            g.arch = v;
        } else if ((v = cli_value(&p, "name"))) {
            g.name = v;
        } else if ((v = cli_value(&p, "o"))) {
            g.out = v;
        } else if ((v = cli_value(&p, "safe"))) {
            add_list(&g.safe, v);
        } else if ((v = cli_value(&p, "relax"))) {
            add_list(&g.relax, v);
        } else if ((v = cli_value(&p, "conf"))) {
            conf_ok = conf_ok && read_conf(&g, v);
        } else if ((v = cli_value(&p, "oneloc-cond"))) {
            if (!strcmp(v, "forall") || !strcmp(v, "exists"))
                g.forall = !strcmp(v, "forall");
            else
                cli_error(&p, "-oneloc-cond takes exists or forall, not '%s'",
                          v);
        } else if ((v = cli_value(&p, "variant"))) {
            char err[256];
            if (!gen_variant_parse(v, &g.variant, err, sizeof err))
                cli_error(&p, "%s", err);
        } else if (cli_flag(&p, "optcoherence")) {
            g.optco = true;
        } else if (cli_flag(&p, "nooptcoherence")) {
            g.optco = false;
        } else if (cli_flag(&p, "mix")) {
            g.mix = true;
        } else if (cli_count(&p, "size", &g.size, 1, GEN_MAX_SIZE) ||
                   cli_count(&p, "nprocs", &g.nprocs, 1, GEN_MAX_THREADS)) {
        } else {
            cli_unknown(&p);
        }
    }
    int rc = 2;
    const gen_arch *a = NULL;
    if (p.failed || !conf_ok)
        goto done;
    a = g.arch ? gen_arch_find(g.arch) : gen_arch_default();
    if (!a) {
        ll_buf l = {0};
        gen_arch_list(&l);
        fprintf(stderr, "litmuslab gen: unknown architecture '%s' (known: "
                "%s); see `litmuslab gen --help`\n", g.arch, l.data);
        ll_buf_free(&l);
        goto done;
    }
    if (g.safe || g.relax) {
        if (g.nedges) {
            fprintf(stderr, "litmuslab gen: give either edges (one test) "
                    "or -safe/-relax (a family), not both; see `litmuslab "
                    "gen --help`\n");
            goto done;
        }
        gen_family_opts fo = {
            .safe = g.safe ? g.safe : "", .relax = g.relax ? g.relax : "",
            .size = (int)g.size, .nprocs = (int)g.nprocs, .mix = g.mix,
            .name = g.name, .variant = g.variant, .ins = (int)g.ins,
            .uni = g.uni, .sufname = g.sufname,
        };
        char err[512];
        if (!gen_family(a, &fo, g.out ? g.out : ".", stdout, err,
                        sizeof err))
            fprintf(stderr, "litmuslab gen: %s\n", err);
        else
            rc = 0;
        goto done;
    }
    if (!g.nedges && !isatty(0)) {
        /* diyone7's second mode: cycles on stdin, one a line */
        int count = 0;
        bool ok = gen_batch(a, stdin, "<stdin>", g.out, g.forall, g.optco,
                            g.variant, &count);
        if (g.out)
            printf("Generator produced %d tests\n", count);
        rc = ok ? 0 : 2;
        goto done;
    }
    if (!g.nedges) {
        fprintf(stderr, "litmuslab gen: no edge given (a cycle such as "
                "`PodWR Fre PodWR Fre`, or -safe for a family); see "
                "`litmuslab gen --help`\n");
        goto done;
    }
    rc = gen_one(a, g.edges, g.nedges, g.forall, g.optco, g.variant, g.name,
                 g.out);
done:
    for (int i = 0; i < g.nowned; i++)
        free(g.owned[i]);
    free(g.edges);
    free(g.safe);
    free(g.relax);
    return rc;
}
