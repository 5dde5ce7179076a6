/* atomicity.c — does a model forbid, by one of its checks, every
 * candidate in which a write of another thread comes between an RMW's
 * read and its write in co (rmw & (fre; coe) not empty)? Only then may
 * the engine leave such candidates out before the model runs
 * (sem_ops.rmw_atomic): herd7 builds them, and a model without such a
 * check (one of every coherent candidate) allows them (issue 28).
 * Likewise coherence per location (po-loc | rf | co | fr acyclic): the
 * engine builds only coherent candidates where a check forbids the
 * others (cat_coherent), every candidate elsewhere, as herd7 does
 * (mini.cat: a read of its thread's own later write).
 *
 * The proof is a lower bound: each slot of the compiled plan gets the
 * relations it surely contains (atoms below), from the engine's base
 * relations up through union, intersection, sequence, closures,
 * difference with the identity or with a part of int, and a product of
 * supersets of W. A top-level `empty E` (or `irreflexive E` for the
 * one-event RMWs, whose pairs are the identity) whose E contains the
 * atomicity relation proves it; anything the bound does not follow
 * (recursion, functions of the execution, a forall's body) proves
 * nothing, so the engine then builds every candidate, as herd7. Names
 * do not matter: `let fre = 0` changes the slot the check reads. */
#include "model/cat/catint.h"

#include <stdlib.h>
#include <string.h>

enum {
    A_RMW = 1 << 0,      /* the engine's rmw */
    A_RF = 1 << 1,
    A_INVRF = 1 << 2,    /* rf^-1 */
    A_FRPRE = 1 << 3,    /* rf^-1; co (fr with the identity) */
    A_CO = 1 << 4,       /* co (among the engine's writes) */
    A_COE = 1 << 5,
    A_FR = 1 << 6,
    A_FRE = 1 << 7,
    A_FRECOE = 1 << 8,   /* fre; coe */
    A_EXT = 1 << 9,      /* ext */
    A_PAIR = 1 << 10,    /* rmw & (fre; coe) */
    A_ONE = 1 << 11,     /* [RMW] & (fre; coe): one-event RMWs */
    A_ALLREL = (1 << 12) - 1,
    /* sets */
    S_W = 1 << 12,       /* contains W */
    S_RMW = 1 << 13,     /* contains the one-event RMWs (tag RMW) */
    S_ALL = S_W | S_RMW | (1 << 21),  /* ... and S_R */
    U_INT = 1 << 14,     /* (an upper bound) contained in int */
    /* coherence (relations, kept by closures and unions as A_ALLREL) */
    C_PO = 1 << 15,      /* po */
    C_LOC = 1 << 16,     /* loc */
    C_POLOC = 1 << 17,   /* po & loc */
    C_ECO = 1 << 18,     /* rf, co, fr, co; rf and fr; rf */
    C_ID = 1 << 19,      /* the identity on events */
    C_POECO = 1 << 20,   /* po-loc; eco */
    C_REL = C_PO | C_LOC | C_POLOC | C_ECO | C_ID | C_POECO,
    S_R = 1 << 21,       /* (a set) contains R */
    /* what r; [M] and [M]; r keep of r: relations between accesses */
    C_ACCESSES = (A_ALLREL & ~A_EXT) | C_POLOC | C_ECO | C_ID | C_POECO,
};

/* Every cycle of po-loc | rf | co | fr (co a total order of each
 * location's writes) has a po-loc edge a -> b back in co, b before a:
 * b co a, b fr a, b rf a, or b (co | fr); rf a, an eco edge. So an
 * acyclic relation containing po-loc, rf, co and fr, or an irreflexive
 * one containing po-loc; eco (rc11's hb; eco?), forbids them all. */
static const unsigned coh_acyclic = C_POLOC | A_RF | A_CO | A_FR;

/* What containing the atoms of a implies it contains too. */
static unsigned closure(unsigned a)
{
    if (a & A_RMW)
        a |= A_PAIR;
    if (a & A_CO)
        a |= A_COE;
    if (a & A_FRPRE)
        a |= A_FR;
    if (a & A_FR)
        a |= A_FRE;
    if (a & A_EXT)
        a |= A_COE | A_FRE;
    if (a & A_FRECOE)
        a |= A_PAIR | A_ONE;
    if (a & C_PO)
        a |= C_POLOC;
    return a;
}

static unsigned slot_atoms(const cat_model *m, int s)
{
    const cat_slot *sl = &m->slots[s];
    if (sl->src == SRC_EXEC_REL)
        return sl->index == EXEC_REL_RMW ? A_RMW
             : sl->index == EXEC_REL_RF ? A_RF
             : sl->index == EXEC_REL_CO ? A_CO
             : sl->index == EXEC_REL_PO ? C_PO
             : sl->index == EXEC_REL_LOC ? C_LOC : 0;
    if (sl->src == SRC_EXEC_SET)
        return sl->index == EXEC_SET_W ? S_W
             : sl->index == EXEC_SET_R ? S_R : 0;
    if (sl->src == SRC_TAG)
        return !strcmp(m->tag_refs[sl->index].name, "RMW") ? S_RMW : 0;
    if (sl->src == SRC_TEMP && sl->konst == CONST_UNIV)
        return sl->is_rel ? A_ALLREL | C_REL : S_ALL;
    if (sl->src == SRC_TEMP && sl->konst == CONST_ID)
        return C_ID;
    if (sl->src == SRC_TEMP && sl->konst == CONST_ZERO)
        return U_INT;
    return 0;
}

/* r; s's coherence atoms: po-loc; eco from po (or po-loc) and eco,
 * each maybe with the identity on the other side (r?; eco, po; eco?).
 * C_ID is the identity on accesses at least ([M], herd7's sm), all
 * that po-loc; eco's pairs need. */
static unsigned seq_coherence(unsigned a, unsigned b)
{
    bool po = a & (C_PO | C_POLOC);
    if ((po && (b & C_ECO)) || ((a & C_POECO) && (b & C_ID)) ||
        ((a & C_ID) && (b & C_POECO)))
        return C_POECO;
    return (a & C_ID) && (b & C_ID) ? C_ID : 0;
}

/* r & s contains po & loc when one contains po, the other loc. */
static unsigned inter_poloc(unsigned a, unsigned b)
{
    bool apo = a & (C_PO | C_POLOC), bpo = b & (C_PO | C_POLOC);
    bool aloc = a & (C_LOC | C_POLOC), bloc = b & (C_LOC | C_POLOC);
    return (apo && bloc) || (aloc && bpo) ? C_POLOC : 0;
}

/* r+, r* and r?: eco from rf, co and fr; the identity under * and ?. */
static unsigned closures(int op, unsigned a)
{
    unsigned v = op == PI_PLUS ? 0 : C_ID;
    if ((a & A_RF) && (a & A_CO) && (a & A_FR))
        v |= C_ECO;
    return v;
}

static unsigned instr_atoms(const cat_instr *in, const unsigned *at)
{
    unsigned a = in->a >= 0 ? closure(at[in->a]) : 0;
    unsigned b = in->b >= 0 ? closure(at[in->b]) : 0;
    switch (in->op) {
    case PI_SET_UNION:
    case PI_REL_UNION:
        return ((a | b) & ~U_INT) | (a & b & U_INT);
    case PI_SET_INTER:
    case PI_REL_INTER:
        return (a & b) | ((a | b) & U_INT) | inter_poloc(a, b);
    case PI_REL_DIFF:
        if (b & U_INT)   /* less a part of int: its external part */
            return a & (A_COE | A_FRE | A_EXT | U_INT);
        return a & U_INT;
    case PI_SEQ:
        return ((a & A_INVRF) && (b & A_CO) ? A_FRPRE : 0) |
               ((a & A_FRE) && (b & A_COE) ? A_FRECOE : 0) |
               seq_coherence(a, b) | (b & C_ID ? a & C_ACCESSES : 0) |
               (a & C_ID ? b & C_ACCESSES : 0);
    case PI_RESTRICT_DOM:    /* [a]; b, a set: b's pairs from M kept */
        return (a & S_R) && (a & S_W) ? b & C_ACCESSES : 0;
    case PI_RESTRICT_RNG:    /* a; [b] */
        return (b & S_R) && (b & S_W) ? a & C_ACCESSES : 0;
    case PI_INV:
        return a & A_RF ? A_INVRF : 0;
    case PI_PLUS:
    case PI_STAR:
    case PI_OPT:
        return (a & (A_ALLREL | C_REL)) | closures(in->op, a);
    case PI_TOID:
        return (a & S_RMW ? A_ONE | U_INT : U_INT) |
               ((a & S_R) && (a & S_W) ? C_ID : 0);
    case PI_CART:
        return (a & S_W) && (b & S_W) ? A_CO : 0;
    case PI_INT:
        return U_INT;
    case PI_REL_COMPL:
        return a & U_INT ? A_EXT : 0;
    default:
        return 0;
    }
}

/* The difference with the identity keeps what is irreflexive: fr,
 * unlike rf^-1; co, which relates a one-event RMW to itself; eco's
 * pairs of two events, not po-loc; eco's whose irreflexivity counts. */
static unsigned minus_id(unsigned a)
{
    return a & ~(A_ONE | A_FRPRE | U_INT | C_ID | C_POECO);
}

void cat_find_atomicity(cat_model *m)
{
    unsigned *at = calloc((size_t)m->n_slots + 1, sizeof *at);
    if (!at)
        return;
    for (int s = 0; s < m->n_slots; s++)
        at[s] = slot_atoms(m, s);
    /* operands come before their uses, but for a let rec's variables,
       which keep no atoms (the value's first step is a lower bound) */
    for (int i = 0; i < m->n_code; i++) {
        const cat_instr *in = &m->code[i];
        if (in->op == PI_FIX || in->dst < 0)
            continue;
        unsigned v = instr_atoms(in, at);
        if (in->op == PI_REL_DIFF && in->b >= 0 &&
            m->slots[in->b].src == SRC_TEMP &&
            m->slots[in->b].konst == CONST_ID)
            v = minus_id(closure(at[in->a])) | (v & U_INT);
        at[in->dst] = v;
    }
    for (int k = 0; k < m->top.n; k++) {
        if (m->top.items[k].kind != IT_CHECK)
            continue;
        const cat_test *c = &m->checks[m->top.items[k].index];
        if (c->use != USE_CHECK || c->negated ||
            !m->slots[c->slot].is_rel)
            continue;
        unsigned v = closure(at[c->slot]);
        m->has_checks = true;
        if (c->kind == CHK_ACYCLIC)
            m->coherent |= (v & coh_acyclic) == coh_acyclic;
        else if (c->kind == CHK_IRREFLEXIVE)
            m->coherent |= (v & C_POECO) != 0;
        if (c->kind == CHK_EMPTY) {
            m->atomic_pairs |= (v & A_PAIR) != 0;
            m->atomic_single |= (v & A_ONE) != 0;
        } else if (c->kind == CHK_IRREFLEXIVE) {
            m->atomic_single |= (v & A_ONE) != 0;
        }
    }
    free(at);
}

bool cat_atomic_pairs(const cat_model *m)
{
    return m->atomic_pairs;
}

bool cat_atomic_single(const cat_model *m)
{
    return m->atomic_single;
}

bool cat_coherent(const cat_model *m)
{
    return m->coherent;
}

bool cat_has_checks(const cat_model *m)
{
    return m->has_checks;
}
