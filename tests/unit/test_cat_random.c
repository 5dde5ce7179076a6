/* test_cat_random.c — differential test of the cat compiler and
 * evaluator: random typed expressions are printed as cat text, and the
 * model's value for them is compared with a plain boolean-matrix
 * evaluation of the same tree, on random executions of several sizes.
 * The comparison is written three ways in turn: plain checks, a
 * procedure call on a value chosen by a variant condition, and checks
 * after `with r from {v, want, ~want}` (the first two choices must pass
 * and the third fail: the checks that follow a with pull their
 * instructions on demand and redo them for each choice, another path).
 * One loaded model checks a sequence of executions, some differing only
 * in rf, so the results kept between calls are exercised too. The
 * expected value travels in co (a set as co's diagonal), which the
 * expressions never read: co, like rf, is not thread-local, so a new
 * expected value does not invalidate what the evaluator keeps. co is
 * no built-in name (as in herd7): each model binds it by including our
 * cos-opt.cat. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_cat_exec.h"

enum { MAXN = 130, MAX_NODES = 64 };

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static unsigned rnd(unsigned bound)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % bound);
}

/* ---- random expressions ---- */

typedef struct node {
    bool is_rel;
    int op;             /* see print_node / eval_node */
    int leaf;
    struct node *a, *b;
} node;

static node pool[MAX_NODES];
static int n_pool;

static const char *const rel_leaves[] = {"po", "rf", "addr", "ctrl", "loc",
                                         "id", "0"};
enum { N_REL_LEAVES = 7 };
static int no_rec;      /* generating inside a let rec body */
static const char *const set_leaves[] = {"R", "W", "IW", "F", "S", "T",
                                         "_"};

enum { R_LEAF, R_UNION, R_INTER, R_DIFF, R_SEQ, R_PLUS, R_STAR, R_OPT,
       R_INV, R_COMP, R_TOID, R_CART, R_REC, R_NOPS };
enum { S_LEAF, S_UNION, S_INTER, S_DIFF, S_COMP, S_DOMAIN, S_RANGE,
       S_NOPS };

static node *gen(bool is_rel, int depth)
{
    node *x = &pool[n_pool++];
    memset(x, 0, sizeof *x);
    x->is_rel = is_rel;
    bool leaf = depth == 0 || n_pool > MAX_NODES - 8 || rnd(4) == 0;
    if (is_rel) {
        x->op = leaf ? R_LEAF : (int)rnd(R_NOPS - 1) + 1;
        if (x->op == R_REC && no_rec)
            x->op = R_SEQ;
        x->leaf = (int)rnd(N_REL_LEAVES);
        no_rec += x->op == R_REC;
        switch (x->op) {
        case R_LEAF: break;
        case R_TOID: x->a = gen(false, depth - 1); break;
        case R_CART:
            x->a = gen(false, depth - 1);
            x->b = gen(false, depth - 1);
            break;
        case R_PLUS: case R_STAR: case R_OPT: case R_INV: case R_COMP:
            x->a = gen(true, depth - 1);
            break;
        default:
            x->a = gen(true, depth - 1);
            x->b = gen(true, depth - 1);
            break;
        }
        no_rec -= x->op == R_REC;
    } else {
        x->op = leaf ? S_LEAF : (int)rnd(S_NOPS - 1) + 1;
        x->leaf = (int)rnd(7);
        switch (x->op) {
        case S_LEAF: break;
        case S_COMP: x->a = gen(false, depth - 1); break;
        case S_DOMAIN: case S_RANGE: x->a = gen(true, depth - 1); break;
        default:
            x->a = gen(false, depth - 1);
            x->b = gen(false, depth - 1);
            break;
        }
    }
    return x;
}

static void print_node(const node *x, char *out, size_t cap)
{
    char a[4096] = "", b[4096] = "";
    if (x->a)
        print_node(x->a, a, sizeof a);
    if (x->b)
        print_node(x->b, b, sizeof b);
    if (x->is_rel) {
        static const char *const bin[] = {
            [R_UNION] = "|", [R_INTER] = "&", [R_DIFF] = "\\",
            [R_SEQ] = ";"};
        switch (x->op) {
        case R_LEAF: snprintf(out, cap, "%s", rel_leaves[x->leaf]); break;
        case R_PLUS: snprintf(out, cap, "(%s)+", a); break;
        case R_STAR: snprintf(out, cap, "(%s)*", a); break;
        case R_OPT: snprintf(out, cap, "(%s)?", a); break;
        case R_INV: snprintf(out, cap, "(%s)^-1", a); break;
        case R_COMP: snprintf(out, cap, "~(%s)", a); break;
        case R_TOID: snprintf(out, cap, "[%s]", a); break;
        case R_CART: snprintf(out, cap, "((%s) * (%s))", a, b); break;
        /* t = a | t;b, whose least fixpoint is a;b* */
        case R_REC:
            snprintf(out, cap, "(let rec t = (%s) | (t ; (%s)) in t)", a, b);
            break;
        default: snprintf(out, cap, "(%s %s %s)", a, bin[x->op], b); break;
        }
    } else {
        static const char *const bin[] = {
            [S_UNION] = "|", [S_INTER] = "&", [S_DIFF] = "\\"};
        switch (x->op) {
        case S_LEAF: snprintf(out, cap, "%s", set_leaves[x->leaf]); break;
        case S_COMP: snprintf(out, cap, "~(%s)", a); break;
        case S_DOMAIN: snprintf(out, cap, "domain(%s)", a); break;
        case S_RANGE: snprintf(out, cap, "range(%s)", a); break;
        default: snprintf(out, cap, "(%s %s %s)", a, bin[x->op], b); break;
        }
    }
}

/* ---- the reference: boolean matrices ---- */

typedef struct mat {
    bool m[MAXN][MAXN];
} mat;

typedef struct vec {
    bool v[MAXN];
} vec;

static xb *cur;         /* the execution being evaluated */

static void rel_of(const mdl_rel *r, mat *out)
{
    for (int i = 0; i < cur->x.n; i++)
        for (int j = 0; j < cur->x.n; j++)
            out->m[i][j] = mdl_rel_has(r, i, j);
}

static void set_of(const mdl_set *s, vec *out)
{
    for (int i = 0; i < cur->x.n; i++)
        out->v[i] = mdl_set_has(s, i);
}

static void closure(mat *r, bool reflexive)
{
    int n = cur->x.n;
    for (int k = 0; k < n; k++)
        for (int i = 0; i < n; i++)
            if (r->m[i][k])
                for (int j = 0; j < n; j++)
                    r->m[i][j] |= r->m[k][j];
    for (int i = 0; reflexive && i < n; i++)
        r->m[i][i] = true;
}

static void seq(const mat *a, const mat *b, mat *out)
{
    int n = cur->x.n;
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++)
            if (a->m[i][k])
                for (int j = 0; j < n; j++)
                    out->m[i][j] |= b->m[k][j];
}

static void eval_set(const node *x, vec *out);

static void eval_rel(const node *x, mat *out)
{
    int n = cur->x.n;
    mat *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    vec sa, sb;
    memset(out, 0, sizeof *out);
    if (x->op == R_LEAF) {
        const cat_exec *e = &cur->x;
        const mdl_rel *base[] = {&e->po, &e->rf, &e->addr, &e->ctrl, &e->loc};
        if (x->leaf < 5)
            rel_of(base[x->leaf], out);
        for (int i = 0; x->leaf == 5 && i < n; i++)
            out->m[i][i] = true;
    } else if (x->op == R_TOID || x->op == R_CART) {
        eval_set(x->a, &sa);
        if (x->b)
            eval_set(x->b, &sb);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                out->m[i][j] = x->op == R_TOID ? i == j && sa.v[i]
                                               : sa.v[i] && sb.v[j];
    } else {
        eval_rel(x->a, a);
        if (x->b)
            eval_rel(x->b, b);
        switch (x->op) {
        case R_SEQ: seq(a, b, out); break;
        case R_REC: {   /* a ; b* */
            closure(b, true);
            seq(a, b, out);
            break;
        }
        case R_PLUS: case R_STAR:
            *out = *a;
            closure(out, x->op == R_STAR);
            break;
        default:
            for (int i = 0; i < n; i++)
                for (int j = 0; j < n; j++) {
                    bool p = a->m[i][j], q = x->b ? b->m[i][j] : false;
                    out->m[i][j] = x->op == R_UNION ? p || q
                                   : x->op == R_INTER ? p && q
                                   : x->op == R_DIFF ? p && !q
                                   : x->op == R_OPT ? p || i == j
                                   : x->op == R_INV ? a->m[j][i]
                                                    : !p;   /* R_COMP */
                }
        }
    }
    free(a);
    free(b);
}

static void eval_set(const node *x, vec *out)
{
    int n = cur->x.n;
    memset(out, 0, sizeof *out);
    if (x->op == S_LEAF) {
        const cat_exec *e = &cur->x;
        const mdl_set *base[] = {&e->R, &e->W, &e->IW, &e->F,
                                &cur->tag_sets[0], &cur->tag_sets[1]};
        if (x->leaf < 6)
            set_of(base[x->leaf], out);
        for (int i = 0; i < n; i++)
            out->v[i] |= x->leaf == 6 || (x->leaf == 1 && mdl_set_has(&e->IW, i));
        return;
    }
    if (x->op == S_DOMAIN || x->op == S_RANGE) {
        mat *r = malloc(sizeof *r);
        eval_rel(x->a, r);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if (x->op == S_DOMAIN ? r->m[i][j] : r->m[j][i])
                    out->v[i] = true;
        free(r);
        return;
    }
    vec a, b;
    eval_set(x->a, &a);
    if (x->b)
        eval_set(x->b, &b);
    for (int i = 0; i < n; i++)
        out->v[i] = x->op == S_UNION ? a.v[i] || b.v[i]
                    : x->op == S_INTER ? a.v[i] && b.v[i]
                    : x->op == S_DIFF ? a.v[i] && !b.v[i] : !a.v[i];
}

/* ---- random executions ---- */

static void random_rel(mdl_rel *r, int n, unsigned per_mille)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (rnd(1000) < per_mille)
                mdl_rel_add(r, i, j);
}

static void random_exec(xb *b, int n)
{
    xb_init(b, n);
    for (int e = 0; e < n; e++) {
        static const char kinds[] = "IRWWRF";
        char k = e < 2 ? 'I' : kinds[1 + rnd(5)];
        xb_event(b, e, k, (int)rnd(3), (int)rnd(3));
    }
    xb_tag(b, "S", 0);
    xb_tag(b, "T", 0);
    mdl_set_clear(&b->tag_sets[0]);
    mdl_set_clear(&b->tag_sets[1]);
    for (int e = 0; e < n; e++) {
        if (rnd(3) == 0)
            mdl_set_add(&b->tag_sets[0], e);
        if (rnd(3) == 0)
            mdl_set_add(&b->tag_sets[1], e);
    }
    unsigned dense = n > 20 ? 30 : 150;
    random_rel(&b->x.addr, n, dense);
    random_rel(&b->x.ctrl, n, dense);
    random_rel(&b->x.rf, n, dense);
    xb_finish(b);
}

/* A new rf only: the thread-local part stays. */
static void reshuffle_rf(xb *b)
{
    mdl_rel_clear(&b->x.rf);
    random_rel(&b->x.rf, b->x.n, b->x.n > 20 ? 30 : 150);
}

/* The model must find the value of x equal to the expected one; it
 * accepts the execution `ways` times. */
static void compare(cat_model *m, xb *b, const node *x, const char *text,
                    uint64_t ways)
{
    cur = b;
    mdl_rel_clear(&b->x.co);
    if (x->is_rel) {
        mat *want = malloc(sizeof *want);
        eval_rel(x, want);
        for (int i = 0; i < b->x.n; i++)
            for (int j = 0; j < b->x.n; j++)
                if (want->m[i][j])
                    mdl_rel_add(&b->x.co, i, j);
        free(want);
    } else {
        vec want;
        eval_set(x, &want);
        for (int i = 0; i < b->x.n; i++)
            if (want.v[i])
                mdl_rel_add(&b->x.co, i, i);
    }
    cat_result r;
    ll_diag d = {0};
    assert_true(cat_check(m, &b->x, &r, &d));
    if (!r.allowed)
        fprintf(stderr, "n=%d: %s: %s\n", b->x.n, text, r.failed);
    assert_true(r.allowed);
    assert_int_equal(r.n_accepted, ways);
}

/* The model comparing v with want, in one of the three ways. */
static void model_text(int way, const char *expr, bool is_rel, char *text,
                       size_t cap)
{
    const char *want = is_rel ? "co" : "domain(co & id)";
    static const char same[] =
        "procedure same(a, b) =\n"
        "  empty a \\ b as extra\n  empty b \\ a as missing\nend\n";
    switch (way) {
    case 0:
        snprintf(text, cap,
                 "let v = %s\nlet want = %s\n"
                 "empty v \\ want as extra\nempty want \\ v as missing\n",
                 expr, want);
        break;
    case 1:
        snprintf(text, cap,
                 "%slet v = if \"on\" && not \"off\" then %s else 0\n"
                 "call same(v, %s)\n", same, expr, want);
        break;
    default:
        snprintf(text, cap,
                 "%slet v = %s\nlet want = %s\n"
                 "with r from {v, want, ~want}\ncall same(r, want)\n",
                 same, expr, want);
        break;
    }
}

static void random_expressions(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_cat_random.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/m.cat", dir);
    /* Two of the same size in a row: their thread-local parts differ
     * without a resize to reset the evaluator's kept results. 70 and
     * 128 take eval_wide.c's two words a row (128: a full second word),
     * MAXN the general loops of rel.c. */
    static const int sizes[] = {5, 12, 12, 70, 128, MAXN};
    enum { N_EXECS = sizeof sizes / sizeof sizes[0] };
    xb execs[N_EXECS];
    for (int s = 0; s < N_EXECS; s++)
        random_exec(&execs[s], sizes[s]);
    int rounds = getenv("CAT_RANDOM_ROUNDS") ? atoi(getenv("CAT_RANDOM_ROUNDS"))
                                             : 300;
    for (int round = 0; round < rounds; round++) {
        n_pool = 0;
        node *x = gen(rnd(3) != 0, 1 + (int)rnd(5));
        static char expr[16384], text[20000];
        print_node(x, expr, sizeof expr);
        int way = round % 3;
        model_text(way, expr, x->is_rel, text, sizeof text);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs("include \"cos-opt.cat\"\n", f);
        fputs(text, f);
        fclose(f);
        ll_diag d = {0};
        const char *on[] = {"on"};
        cat_options o = {.variants = on, .n_variants = 1};
        const char *dirs[] = {CAT_BUILTIN_DIR};
        cat_model *m = cat_load_opts(path, dirs, 1, &o, &d);
        if (!m) {
            ll_diag_print(&d, stderr);
            fprintf(stderr, "%s", text);
        }
        assert_non_null(m);
        /* v never reads co, so v and want are two elements. */
        uint64_t ways = way == 2 ? 2 : 1;
        for (int k = 0; k < N_EXECS + 1; k++) {
            xb *b = &execs[(round + k) % N_EXECS];
            compare(m, b, x, expr, ways);
            reshuffle_rf(b);
            compare(m, b, x, expr, ways);
        }
        cat_free(m);
    }
    for (int s = 0; s < N_EXECS; s++)
        xb_free(&execs[s]);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_expressions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
