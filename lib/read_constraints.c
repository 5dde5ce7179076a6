/* read_constraints.c — what follows the code: `locations [...]`,
 * `filter PROP`, the final condition (none is herd7's `forall (true)`),
 * and the trailers herd skips (`with NAME: exists;` kinds, `<< ... >>`
 * sections). */
#include "reader.h"

#include <string.h>

/* A register of a thread the test does not have, named at pos. */
static bool check_thread(ll_lexer *lx, const ll_test *t, const ll_loc *loc,
                         ll_pos pos)
{
    if (loc->proc < t->n_threads)
        return true;
    ll_diag_set(lx->d, pos.line, pos.col,
                "%d:%s names thread %d; the test has %d thread%s",
                loc->proc, loc->name, loc->proc, t->n_threads,
                t->n_threads == 1 ? "" : "s");
    return false;
}

static bool check_prop(ll_lexer *lx, const ll_test *t, const ll_prop *p)
{
    if (!p)
        return true;
    if (p->kind == LL_PROP_ATOM)
        return check_thread(lx, t, &p->loc, p->pos) &&
               (!p->place || check_thread(lx, t, p->place, p->pos));
    return check_prop(lx, t, p->lhs) && check_prop(lx, t, p->rhs);
}

/* `locations [x; 0:r1; p*; y int;]`: types after a location are
 * accepted and dropped (they only change how herd prints values). */
static bool read_locations(ll_lexer *lx, ll_test *t)
{
    int cap = 0;
    t->has_locations = true;
    if (!ll_lex_next(lx))
        return false;
    if (!ll_tok_is(&lx->tok, "["))
        return ll_lex_expected(lx, "'['");
    if (!ll_lex_next(lx))
        return false;
    while (!ll_tok_is(&lx->tok, "]")) {
        ll_grow((void **)&t->locations, &cap, t->n_locations + 1,
                sizeof *t->locations);
        ll_pos at = lx->tok.pos;
        ll_loc *loc = &t->locations[t->n_locations];
        if (!ll_read_loc(lx, t->arch, loc, NULL))
            return false;
        t->n_locations++;
        if (!check_thread(lx, t, loc, at))
            return false;
        while (lx->tok.kind == LL_TOK_NAME || ll_tok_is(&lx->tok, "*"))
            if (!ll_lex_next(lx))
                return false;
        if (ll_tok_is(&lx->tok, ";")) {
            if (!ll_lex_next(lx))
                return false;
        } else if (!ll_tok_is(&lx->tok, "]")) {
            return ll_lex_expected(lx, "';' or ']'");
        }
    }
    return ll_lex_next(lx);
}

/* `with default: exists; doko: ~exists;` — per-model expectations of old
 * tests; herd reads and ignores them. */
static bool skip_kinds(ll_lexer *lx)
{
    if (!ll_lex_next(lx))
        return false;
    while (lx->tok.kind == LL_TOK_NAME) {
        if (!ll_lex_next(lx))
            return false;
        if (!ll_tok_is(&lx->tok, ":"))
            return ll_lex_expected(lx, "':'");
        if (!ll_lex_next(lx))
            return false;
        if (ll_tok_is(&lx->tok, "~") || ll_tok_is(&lx->tok, "not"))
            if (!ll_lex_next(lx))
                return false;
        if (!ll_tok_is(&lx->tok, "exists") && !ll_tok_is(&lx->tok, "forall"))
            return ll_lex_expected(lx, "'exists', '~exists' or 'forall'");
        if (!ll_lex_next(lx))
            return false;
        if (ll_tok_is(&lx->tok, ";") && !ll_lex_next(lx))
            return false;
    }
    return true;
}

bool ll_read_constraints(ll_lexer *lx, ll_test *t)
{
    if (!ll_lex_next(lx))
        return false;
    if (ll_tok_is(&lx->tok, "locations") && !read_locations(lx, t))
        return false;
    if (ll_tok_is(&lx->tok, "filter")) {
        if (!ll_lex_next(lx))
            return false;
        t->filter = ll_read_prop(lx, t->arch);
        if (!t->filter || !check_prop(lx, t, t->filter))
            return false;
    }
    if (lx->tok.kind == LL_TOK_EOF || ll_tok_is(&lx->tok, "<<") ||
        ll_tok_is(&lx->tok, ";")) {
        /* herd7 reads no condition as `forall (true)` */
        t->cond.quant = LL_FORALL;
        t->cond.prop = ll_xcalloc(1, sizeof *t->cond.prop);
        t->cond.prop->kind = LL_PROP_TRUE;
        t->cond.prop->pos = lx->tok.pos;
        t->cond.prop->loc.proc = -1;
        t->cond.prop->loc.reg = -1;
        t->cond.prop->loc.index = -1;
    } else if (!ll_read_cond(lx, t->arch, &t->cond) ||
               !check_prop(lx, t, t->cond.prop)) {
        return false;
    }
    if (ll_tok_is(&lx->tok, ";") && !ll_lex_next(lx))
        return false;
    if (ll_tok_is(&lx->tok, "with") && !skip_kinds(lx))
        return false;
    if (ll_tok_is(&lx->tok, "<<"))
        return true;
    if (lx->tok.kind != LL_TOK_EOF)
        return ll_lex_expected(lx, "end of file");
    return true;
}
